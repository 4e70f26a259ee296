import { useState } from 'react';
import { Alert, Container, SimpleGrid, Skeleton } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import type { NewsItem } from '@mawingu/contracts/news';
import { useAllNews } from '../../../api/news/get-all-news.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NewsCard } from '../../../components/news/news-card.tsx';
import { NewsReader } from '../../../components/news/news-reader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSpecText } from '../../../lib/spec-text.ts';

function NewsGrid({ children }: { children: React.ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
      {children}
    </SimpleGrid>
  );
}

export default function NewsPage() {
  const { t } = useTranslation();
  const specText = useSpecText();
  const query = useAllNews();
  const [reading, setReading] = useState<NewsItem | null>(null);
  const reply = query.data;
  const items = reply?.data ?? [];

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <NewsGrid>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={320} radius="lg" />
        ))}
      </NewsGrid>
    );
  } else if (reply && reply.status !== 200) {
    // Spec section 7: a news failure is shown, not toasted.
    body = (
      <Alert color="red" variant="light">
        {specText(reply.message)}
      </Alert>
    );
  } else if (items.length === 0) {
    body = <EmptyState icon={IconNews} title={specText(messages.noNewsYet)} text={t('news.emptyText')} />;
  } else {
    body = (
      <NewsGrid>
        {items.map((item) => (
          <NewsCard key={item.ID} item={item} onRead={setReading} />
        ))}
      </NewsGrid>
    );
  }

  return (
    <>
      <PageHeader title={t('news.title')} subtitle={t('news.subtitle')} />
      <Container py={{ base: 32, sm: 48 }}>{body}</Container>
      <NewsReader item={reading} onClose={() => setReading(null)} />
    </>
  );
}
