import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The container, its transitions and styles (about 13 KB gzip with what it imports) are not part
// of the first load: they are fetched with the first toast, which then shows as soon as they are
// here (role="alert", so it is announced when it appears). The toast functions (lib/toast.ts)
// only use the store, which is small.
const Notifications = lazy(() => import('./toast-container.tsx'));

/** Mantine's notifications container, mounted with the first toast and kept from then on. */
export function Toasts() {
  const hasToasts = useNotifications().notifications.length > 0;
  const [wanted, setWanted] = useState(false);
  if (hasToasts && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={2000} />
    </Suspense>
  );
}
