import { lazy, Suspense } from 'react';
import { useFirstScreenDone } from '../../../lib/first-screen.ts';
import classes from './footer.module.css';

// Below the fold on every page but the shortest: its code (the newsletter form and its inputs
// among it) is fetched once the first screen is complete (lib/first-screen.ts), not before it.
const FooterContent = lazy(() => import('./footer-content.tsx'));
const placeholder = <div className={classes.placeholder} />;

export function SiteFooter() {
  const painted = useFirstScreenDone();
  return (
    <footer className={classes.footer}>
      {painted ? (
        <Suspense fallback={placeholder}>
          <FooterContent />
        </Suspense>
      ) : (
        placeholder
      )}
    </footer>
  );
}
