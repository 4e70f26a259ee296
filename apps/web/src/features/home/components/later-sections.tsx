import { useShownInTurns } from '../../../lib/first-screen.ts';
import { BlogsSection } from './blogs-section.tsx';
import { NewsCarouselSection } from './news-carousel-section.tsx';
import { OurReachSection } from './our-reach-section.tsx';

/** What each turn adds; the last two together (the blogs are short and need no reply). */
const TURNS = [[OurReachSection], [NewsCarouselSection, BlogsSection]];
// Until the last section is in, the rest of the screen stays filled: the footer never shows and moves away.
const placeholder = <div style={{ minHeight: '100dvh' }} data-later />;

/**
 * Home's sections after "Our Products & Services": a chunk of its own (home-sections.tsx), fetched
 * when the visitor scrolls towards them. They render one per idle turn (lib/first-screen.ts), so
 * no single task renders, commits and lays out all of them.
 */
export default function LaterSections() {
  const shown = useShownInTurns(TURNS.length);
  return (
    <>
      {TURNS.slice(0, shown)
        .flat()
        .map((Section, index) => (
          <Section key={index} />
        ))}
      {shown < TURNS.length && placeholder}
    </>
  );
}
