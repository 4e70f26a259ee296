import { useDeferredValue, useState } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconArrowRight, IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import type { NewsItem } from '@mawingu/contracts/news';
import { useAllNews } from '../../../api/news/get-all-news.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NewsReader } from '../../../components/news/news-reader.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { useSpecText } from '../../../lib/spec-text.ts';
import classes from './home.module.css';
import { NewsCarousel, NewsCarouselControls, useCarouselScroll } from './news-carousel.tsx';

/** Home's news: a carousel of cards; the heading leads to /news (spec section 2). */
export function NewsCarouselSection() {
  const { t } = useTranslation();
  const specText = useSpecText();
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
    body = <Text c="dimmed">{specText(reply.message)}</Text>;
  } else if (items.length === 0) {
    body = <EmptyState icon={IconNews} title={specText(messages.noNewsYet)} text={t('news.emptyText')} />;
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
