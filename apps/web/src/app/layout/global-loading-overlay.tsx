import { lazy, Suspense, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useRequestsPending } from '../../api/pending-requests.ts';

// The overlay's code is fetched the first time it is to show, not with the first load: most
// visits never wait the 250 ms it takes to appear.
const BusyOverlay = lazy(() => import('./loading-overlay.tsx'));

/** Spec section 4: an overlay while any request runs. A short delay keeps fast calls from flashing it. */
export function GlobalLoadingOverlay() {
  const busy = useRequestsPending();
  const [settledBusy] = useDebouncedValue(busy, 250);
  const visible = busy && settledBusy;
  const [wanted, setWanted] = useState(false);
  if (visible && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BusyOverlay visible={visible} />
    </Suspense>
  );
}
