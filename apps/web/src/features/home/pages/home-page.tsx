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
      <ProductsServicesSection />
      <OurReachSection />
      <NewsCarouselSection />
      <BlogsSection />
    </>
  );
}
