import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { BannerMessage } from '../components/banner-message.tsx';
import { BlogsSection } from '../components/blogs-section.tsx';
import { HomeHero } from '../components/home-hero.tsx';
import { NewsCarouselSection } from '../components/news-carousel-section.tsx';
import { OurReachSection } from '../components/our-reach-section.tsx';
import { ProductsServicesSection } from '../components/products-services-section.tsx';

export default function HomePage() {
  return (
    <>
      <BannerMessage />
      <HomeHero />
      {/* Below the hero, out of the first screen: rendered right after the first paint. */}
      <AfterFirstPaint minHeight="100dvh">
        <ProductsServicesSection />
        <OurReachSection />
        <NewsCarouselSection />
        <BlogsSection />
      </AfterFirstPaint>
    </>
  );
}
