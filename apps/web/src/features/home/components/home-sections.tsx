import { BlogsSection } from './blogs-section.tsx';
import { NewsCarouselSection } from './news-carousel-section.tsx';
import { OurReachSection } from './our-reach-section.tsx';
import { ProductsServicesSection } from './products-services-section.tsx';

/** Home below the hero: a chunk of its own (home-page.tsx), with the news carousel's code. */
export default function HomeSections() {
  return (
    <>
      <ProductsServicesSection />
      <OurReachSection />
      <NewsCarouselSection />
      <BlogsSection />
    </>
  );
}
