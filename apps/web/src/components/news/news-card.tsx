import { useId } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@mawingu/contracts/news';
import { plainText } from '../../lib/plain-text.ts';
import { NewsImage } from './news-image.tsx';
import classes from './news.module.css';
import { needsReadMore } from './read-more.ts';

/** A news card: image, one line of title, five of text, and "Read More" when there is more. */
export function NewsCard({ item, onRead }: { item: NewsItem; onRead: (item: NewsItem) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card className={classes.card} padding="md" component="article" aria-labelledby={titleId}>
      <NewsImage path={item.imagePath} height={150} />
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Title order={3} fz="md" lh={1.35} lineClamp={1} id={titleId} title={item.newsTitle}>
          {item.newsTitle}
        </Title>
        <Text size="sm" c="dimmed" lh={1.55} lineClamp={5} className={classes.excerpt}>
          {plainText(item.newsContent)}
        </Text>
      </Stack>
      {needsReadMore(item) && (
        <Button
          variant="subtle"
          px={0}
          mt="sm"
          style={{ alignSelf: 'flex-start' }}
          rightSection={<IconArrowRight size={16} aria-hidden />}
          onClick={() => onRead(item)}
          aria-describedby={titleId}
        >
          {t('news.readMore')}
        </Button>
      )}
    </Card>
  );
}
