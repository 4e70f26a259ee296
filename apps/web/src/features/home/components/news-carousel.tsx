import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { ActionIcon, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@mawingu/contracts/news';
import { NewsCard } from '../../../components/news/news-card.tsx';
import classes from './home.module.css';
import { useNewsSlidesPerView } from './news-slides-per-view.ts';

type Scroll = { prev: boolean; next: boolean };
/** Moves the carousel by one card: -1 back, 1 forward. */
type Move = (direction: -1 | 1) => void;

/** Previous / next for the carousel, outside the cards so they never cover a title. */
export function NewsCarouselControls({ move, scroll }: { move: Move | null; scroll: Scroll }) {
  const { t } = useTranslation();
  if (!scroll.prev && !scroll.next) return null;
  return (
    <Group gap={6}>
      <ActionIcon
        variant="default"
        size="lg"
        radius="xl"
        aria-label={t('home.newsPrevious')}
        disabled={!scroll.prev}
        onClick={() => move?.(-1)}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('home.newsNext')} disabled={!scroll.next} onClick={() => move?.(1)}>
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** Which way the carousel can move, and how to move it, as NewsCarousel reports them. */
export function useCarouselScroll() {
  const [scroll, setScroll] = useState<Scroll>({ prev: false, next: false });
  const [move, setMove] = useState<Move | null>(null);
  const onMove = useCallback((next: Move) => setMove(() => next), []);
  return { scroll, move, setScroll, onMove };
}

type NewsCarouselProps = {
  /** The id of the heading that names the carousel. */
  labelledBy: string;
  items: NewsItem[];
  onRead: (item: NewsItem) => void;
  onScroll: (scroll: Scroll) => void;
  onMove: (move: Move) => void;
};

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Home's news cards, as many side by side as the spec's widths allow (1, 2, 3 or 5): a row the
 * browser scrolls and snaps card by card (swipe, keys, previous / next). No carousel library: it
 * measured the cards in the task that put them on the page (25-30 ms of a phone's main thread).
 * Whether there is more either way comes from an IntersectionObserver on the first and last card,
 * which reads no layout.
 */
export function NewsCarousel({ labelledBy, items, onRead, onScroll, onMove }: NewsCarouselProps) {
  const perView = useNewsSlidesPerView();
  const viewport = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = viewport.current;
    onMove((direction) => {
      const [first, second] = root?.children ?? [];
      if (!root || !(first instanceof HTMLElement)) return;
      // One card and the gap after it: the distance between two cards' starts.
      const step = second instanceof HTMLElement ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
      root.scrollBy({ left: direction * step, behavior: reducedMotion() ? 'auto' : 'smooth' });
    });
  }, [onMove]);

  useEffect(() => {
    const root = viewport.current;
    const first = root?.firstElementChild;
    const last = root?.lastElementChild;
    if (!root || !first || !last || typeof IntersectionObserver === 'undefined') return;
    const whole = new Map<Element, boolean>([
      [first, true],
      [last, true],
    ]);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) whole.set(entry.target, entry.intersectionRatio >= 0.99);
        onScroll({ prev: !whole.get(first), next: !whole.get(last) });
      },
      { root, threshold: [0.99] },
    );
    observer.observe(first);
    observer.observe(last);
    return () => observer.disconnect();
  }, [items, perView, onScroll]);

  return (
    <div
      ref={viewport}
      className={classes.carousel}
      // Focusable (a group named by the heading), so the arrow keys scroll it even without buttons.
      tabIndex={0}
      role="group"
      aria-labelledby={labelledBy}
      style={{ '--news-slides': perView } as CSSProperties}
      data-testid="news-carousel"
      data-slides-per-view={perView}
    >
      {items.map((item) => (
        <div key={item.ID} className={classes.slide}>
          <NewsCard item={item} onRead={onRead} />
        </div>
      ))}
    </div>
  );
}
