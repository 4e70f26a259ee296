import { Suspense, useState, type ReactNode } from 'react';

/**
 * A lazily loaded dialog's place: nothing until `open` is first true, then `children` from then on
 * (so the dialog's code is fetched when it is first wanted, and a closing dialog keeps its
 * transition), showing nothing while that code arrives.
 */
export function FromFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
