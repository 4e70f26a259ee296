import { BlogsSection } from './blogs-section.tsx';
import classes from './home.module.css';
import { NewsCarouselSection } from './news-carousel-section.tsx';
import { OurReachSection } from './our-reach-section.tsx';
import { ProductsServicesSection } from './products-services-section.tsx';
import { useStagedCount } from './use-staged-count.ts';

const SECTIONS = [ProductsServicesSection, OurReachSection, NewsCarouselSection, BlogsSection];

/**
 * Home below the hero: a chunk of its own (home-page.tsx), with the news carousel's code. The
 * sections mount one at a time, each in a commit of its own (useStagedCount), and the browser
 * skips the style and layout of those out of view (`.lowerSection`).
 */
export default function HomeSections() {
  const shown = useStagedCount(SECTIONS.length);
  return (
    <div className={classes.lowerSections}>
      {SECTIONS.slice(0, shown).map((Section, index) => (
        <div key={index} className={classes.lowerSection}>
          <Section />
        </div>
      ))}
    </div>
  );
}
