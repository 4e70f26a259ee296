import { lazy, Suspense } from 'react';
import { useCodeLoaded, useFirstScreenDone, useIdleTurn } from '../../../lib/first-screen.ts';
import classes from './footer.module.css';

// Below the fold on every page but the shortest: its code (the newsletter form and its inputs
// among it) is fetched once the first screen is complete (lib/first-screen.ts), not before it, and
// renders, once here, in an idle turn of its own, apart from the page's other below-the-fold parts.
const loadFooterContent = () => import('./footer-content.tsx');
const FooterContent = lazy(loadFooterContent);
const placeholder = <div className={classes.placeholder} />;

export function SiteFooter() {
  const painted = useIdleTurn(useCodeLoaded(loadFooterContent, useFirstScreenDone()));
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
