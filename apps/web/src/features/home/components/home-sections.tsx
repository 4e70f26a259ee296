import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { companyAddressesQueryOptions } from '../../../api/company/get-company-address.ts';
import { allNewsQueryOptions } from '../../../api/news/get-all-news.ts';
import { useShownInTurns } from '../../../lib/first-screen.ts';
import { BlogsSection } from './blogs-section.tsx';
import { NewsCarouselSection } from './news-carousel-section.tsx';
import { OurReachSection } from './our-reach-section.tsx';
import { ProductsServicesSection } from './products-services-section.tsx';

/** What each turn adds; the last two together (the blogs are short and need no reply). */
const TURNS = [[ProductsServicesSection], [OurReachSection], [NewsCarouselSection, BlogsSection]];
// Until the last section is in, the rest of the screen stays filled: the footer never shows and moves away.
const placeholder = <div style={{ minHeight: '100dvh' }} />;

/**
 * Home below the hero: a chunk of its own (home-page.tsx). The sections render one per idle turn
 * (lib/first-screen.ts), so no single task renders, commits and lays out all of them.
 */
export default function HomeSections() {
  const shown = useShownInTurns(TURNS.length);
  // The sections' replies are asked for at once, so a section usually renders once, with its data,
  // rather than with skeletons first and again when the reply arrives.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(companyAddressesQueryOptions());
    void queryClient.prefetchQuery(allNewsQueryOptions());
  }, [queryClient]);
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
