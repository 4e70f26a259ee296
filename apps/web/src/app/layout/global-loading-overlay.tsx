import { LoadingOverlay } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRequestsPending } from '../../api/pending-requests.ts';

/** Spec section 4: an overlay while any request runs. A short delay keeps fast calls from flashing it. */
export function GlobalLoadingOverlay() {
  const busy = useRequestsPending();
  const [settledBusy] = useDebouncedValue(busy, 250);
  return (
    <LoadingOverlay
      visible={busy && settledBusy}
      pos="fixed"
      zIndex={1500}
      overlayProps={{ backgroundOpacity: 0.3, blur: 0 }}
      loaderProps={{ type: 'dots', 'aria-label': 'Loading' }}
      data-testid="global-loading-overlay"
    />
  );
}
