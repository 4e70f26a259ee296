import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { companyAddressesQueryOptions } from '../../../api/company/get-company-address.ts';
import { allNewsQueryOptions } from '../../../api/news/get-all-news.ts';
import { useNearViewport } from '../../../lib/near-viewport.ts';
import { ProductsServicesSection } from './products-services-section.tsx';

// Our reach, news and blogs: their code comes when the visitor scrolls towards them.
const LaterSections = lazy(() => import('./later-sections.tsx'));
const placeholderStyle = { minHeight: '100dvh' };

/**
 * Home below the hero: a chunk of its own (home-page.tsx). "Our Products & Services" first; the
 * other sections' code once they come near the screen (lib/near-viewport.ts). Until then the
 * placeholder fills the screen: the footer never shows and moves away.
 */
export default function HomeSections() {
  const [ref, near] = useNearViewport<HTMLDivElement>('0px 0px 25% 0px');
  // The later sections' replies are asked for at once (data, not code), so a section usually
  // renders once, with its data, rather than with skeletons first and again when the reply arrives.
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(companyAddressesQueryOptions());
    void queryClient.prefetchQuery(allNewsQueryOptions());
  }, [queryClient]);
  return (
    <>
      <ProductsServicesSection />
      {near ? (
        <Suspense fallback={<div style={placeholderStyle} data-later />}>
          <LaterSections />
        </Suspense>
      ) : (
        <div ref={ref} style={placeholderStyle} data-testid="later-sections" data-later />
      )}
    </>
  );
}
