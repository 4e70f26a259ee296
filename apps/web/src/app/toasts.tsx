import { lazy, Suspense } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useCodeLoaded, useFirstScreenDone, useIdleTurn } from '../lib/first-screen.ts';

// The container, its transitions and styles (7 KB gzip) are not part of the first load: they are fetched
// in an idle turn once the first screen is complete (lib/first-screen.ts), or at once for a toast
// shown before that. The toast functions (lib/toast.ts) only use the store, which is small.
const loadContainer = () => import('./toast-container.tsx');
const Notifications = lazy(loadContainer);

/** Mantine's notifications container, mounted when the page is idle or a toast is waiting. */
export function Toasts() {
  const hasToasts = useNotifications().notifications.length > 0;
  const idle = useIdleTurn(useCodeLoaded(loadContainer, useFirstScreenDone()));
  if (!idle && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={2000} />
    </Suspense>
  );
}
