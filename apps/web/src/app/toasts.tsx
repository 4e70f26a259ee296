import { lazy, Suspense, useEffect, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The container, its transitions and styles (7 KB gzip) are not part of the first load: they are fetched
// once the browser is idle after it, or at once for a toast shown before that. The toast functions
// (lib/toast.ts) only use the store, which is small.
const Notifications = lazy(() => import('./toast-container.tsx'));

const whenIdle = (callback: () => void): (() => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(callback, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 2000);
  return () => clearTimeout(id);
};

/** Mantine's notifications container, mounted when the page is idle or a toast is waiting. */
export function Toasts() {
  const hasToasts = useNotifications().notifications.length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={2000} />
    </Suspense>
  );
}
