import { lazy, Suspense } from 'react';
import { useFirstScreenDone } from '../../../lib/first-screen.ts';
import { useNearViewport } from '../../../lib/near-viewport.ts';
import { BannerMessage } from '../components/banner-message.tsx';
import { HomeHero } from '../components/home-hero.tsx';

// Below the hero and out of the first screen: its code (the news carousel's among it) is fetched
// once the first screen is complete (lib/first-screen.ts) and the visitor scrolls towards it
// (lib/near-viewport.ts), not with the first load. Until it renders, the placeholder fills the
// screen, so the footer never shows and moves away (no layout shift).
const HomeSections = lazy(() => import('../components/home-sections.tsx'));
const placeholderStyle = { minHeight: '100dvh' };

/** Apart from the hero, so the first screen's changes re-render only this, not the hero with it. */
function BelowTheHero() {
  const painted = useFirstScreenDone();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return painted && near ? (
    <Suspense fallback={<div style={placeholderStyle} data-later />}>
      <HomeSections />
    </Suspense>
  ) : (
    <div ref={ref} style={placeholderStyle} data-testid="below-the-hero" data-later />
  );
}

export default function HomePage() {
  return (
    <>
      <BannerMessage />
      <HomeHero />
      <BelowTheHero />
    </>
  );
}
