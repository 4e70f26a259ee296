import { lazy, Suspense } from 'react';
import { useCodeLoaded, useFirstScreenDone, useIdleTurn } from '../../../lib/first-screen.ts';
import { useNearViewport } from '../../../lib/near-viewport.ts';
import classes from './footer.module.css';

// Below the fold on every page but the shortest: its code (the newsletter form and its inputs
// among it) is fetched once the first screen is complete (lib/first-screen.ts) and the footer
// comes near the screen (lib/near-viewport.ts), not before, and renders, once here, in an idle turn
// of its own, apart from the page's other below-the-fold parts.
const loadFooterContent = () => import('./footer-content.tsx');
const FooterContent = lazy(loadFooterContent);
const placeholder = <div className={classes.placeholder} data-later />;

export function SiteFooter() {
  const [ref, near] = useNearViewport<HTMLElement>();
  const firstScreenDone = useFirstScreenDone();
  const painted = useIdleTurn(useCodeLoaded(loadFooterContent, firstScreenDone && near));
  return (
    <footer className={classes.footer} ref={ref}>
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
