import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Group } from '@mantine/core';
import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@mawingu/contracts/news';
import { NewsCard } from '../../../components/news/news-card.tsx';
import { useNewsSlidesPerView } from './news-slides-per-view.ts';

type Scroll = { prev: boolean; next: boolean };

/** Previous / next for the carousel, outside the cards so they never cover a title. */
export function NewsCarouselControls({ embla, scroll }: { embla: EmblaCarouselType | null; scroll: Scroll }) {
  const { t } = useTranslation();
  if (!scroll.prev && !scroll.next) return null;
  return (
    <Group gap={6}>
      <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('home.newsPrevious')} disabled={!scroll.prev} onClick={() => embla?.scrollPrev()}>
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('home.newsNext')} disabled={!scroll.next} onClick={() => embla?.scrollNext()}>
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** Which way the carousel can move, kept in step with embla. */
export function useCarouselScroll() {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [scroll, setScroll] = useState<Scroll>({ prev: false, next: false });
  useEffect(() => {
    if (!embla) return;
    const update = () => setScroll({ prev: embla.canScrollPrev(), next: embla.canScrollNext() });
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla]);
  return { embla, scroll, setEmbla: useCallback((api: EmblaCarouselType) => setEmbla(api), []) };
}

type NewsCarouselProps = { items: NewsItem[]; onRead: (item: NewsItem) => void; onEmbla: (api: EmblaCarouselType) => void };

/** Home's news cards, as many side by side as the spec's widths allow (1, 2, 3 or 5). */
export function NewsCarousel({ items, onRead, onEmbla }: NewsCarouselProps) {
  const perView = useNewsSlidesPerView();
  return (
    <Carousel
      slideSize={`${100 / perView}%`}
      slideGap="lg"
      withControls={false}
      getEmblaApi={onEmbla}
      emblaOptions={{ align: 'start', slidesToScroll: 1, containScroll: 'trimSnaps' }}
      data-testid="news-carousel"
      data-slides-per-view={perView}
    >
      {items.map((item) => (
        <Carousel.Slide key={item.ID} py={4}>
          <NewsCard item={item} onRead={onRead} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
