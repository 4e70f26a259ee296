import { useShownInTurns } from '../../../lib/first-screen.ts';
import { BlogsSection } from './blogs-section.tsx';
import { NewsCarouselSection } from './news-carousel-section.tsx';
import { OurReachSection } from './our-reach-section.tsx';
import { ProductsServicesSection } from './products-services-section.tsx';

const SECTIONS = [ProductsServicesSection, OurReachSection, NewsCarouselSection, BlogsSection];
// Until the last section is in, the rest of the screen stays filled: the footer never shows and moves away.
const placeholder = <div style={{ minHeight: '100dvh' }} />;

/**
 * Home below the hero: a chunk of its own (home-page.tsx). The sections render one per idle turn
 * (lib/first-screen.ts), so no single task renders, commits and lays out all of them.
 */
export default function HomeSections() {
  const shown = useShownInTurns(SECTIONS.length);
  return (
    <>
      {SECTIONS.slice(0, shown).map((Section, index) => (
        <Section key={index} />
      ))}
      {shown < SECTIONS.length && placeholder}
    </>
  );
}
