import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconArrowRight, IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@mawingu/contracts/news';
import { useAllNews } from '../../../api/news/get-all-news.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NewsReader } from '../../../components/news/news-reader.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import classes from './home.module.css';
import { NewsCarousel, NewsCarouselControls, useCarouselScroll } from './news-carousel.tsx';

// Translating a failure's text needs the catalogue of server texts: fetched only when one shows.
const ServerText = lazy(() => import('../../../components/server-text.tsx'));

/** Home's news: a carousel of cards; the heading leads to /news (spec section 2). */
export function NewsCarouselSection() {
  const { t } = useTranslation();
  // The carousel renders in a transition React slices, not in the blocking update the reply triggers.
  const reply = useDeferredValue(useAllNews().data);
  const [reading, setReading] = useState<NewsItem | null>(null);
  const { scroll, move, setScroll, onMove } = useCarouselScroll();
  const items = reply?.data ?? [];

  let body: React.ReactNode;
  if (!reply) {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={320} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (reply && reply.status !== 200) {
    // Spec section 7: a news failure is shown in place, without a toast.
    body = (
      <Text c="dimmed">
        <Suspense fallback={reply.message}>
          <ServerText text={reply.message} />
        </Suspense>
      </Text>
    );
  } else if (items.length === 0) {
    // The spec's "No News Yet" (i18n spec section, word for word in English).
    body = <EmptyState icon={IconNews} title={t('spec.noNewsYet')} text={t('news.emptyText')} />;
  } else {
    body = <NewsCarousel labelledBy="home-news" items={items} onRead={setReading} onScroll={setScroll} onMove={onMove} />;
  }

  return (
    <PageSection labelledBy="home-news">
      <SectionHeading
        id="home-news"
        title={
          <Link to={paths.news.getHref()} className={classes.newsHeadingLink}>
            {t('home.newsTitle')}
          </Link>
        }
        text={t('home.newsText')}
        action={
          items.length > 0 && (
            <Group gap="sm">
              <NewsCarouselControls move={move} scroll={scroll} />
              <Button component={Link} to={paths.news.getHref()} variant="default" rightSection={<IconArrowRight size={16} aria-hidden />}>
                {t('home.allNews')}
              </Button>
            </Group>
          )
        }
      />
      {body}
      <NewsReader item={reading} onClose={() => setReading(null)} />
    </PageSection>
  );
}
