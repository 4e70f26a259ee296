import { LoadingOverlay } from '@mantine/core';

/** Mantine's overlay with its loader and transition: a chunk of its own (global-loading-overlay.tsx). */
export default function BusyOverlay({ visible }: { visible: boolean }) {
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1500}
      overlayProps={{ backgroundOpacity: 0.3, blur: 0 }}
      loaderProps={{ type: 'dots', 'aria-label': 'Loading' }}
      data-testid="global-loading-overlay"
    />
  );
}
