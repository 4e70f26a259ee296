import { HomeHero } from '../components/home-hero.tsx';
import { UpcomingSections } from '../components/upcoming-sections.tsx';

export default function HomePage() {
  return (
    <>
      <HomeHero />
      <UpcomingSections />
    </>
  );
}
