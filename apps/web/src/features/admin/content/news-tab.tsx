import { EditDeleteButtons } from './edit-delete-buttons.tsx';
import { useId, useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconNews, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminNewsItem } from '@mawingu/contracts/admin/content';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NewsImage } from '../../../components/news/news-image.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { plainText } from '../../../lib/plain-text.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useDeleteNews, useNewsList } from './content-api.ts';
import { NewsEditor } from './news-editor.tsx';
import { newsState } from './news-form.ts';
import { DeleteConfirm, TabHeader } from './tab-parts.tsx';
import classes from './content.module.css';

function NewsRow({ item, onEdit, onDelete }: { item: AdminNewsItem; onEdit: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('adminContent');
  const titleId = useId();
  const state = newsState(item);
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-labelledby={titleId} data-testid="admin-news-row">
      <div className={classes.newsRow}>
        <div className={classes.newsThumb}>
          <NewsImage path={item.imagePath} height={84} />
        </div>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Text>
            {state !== 'published' && (
              <Badge
                // Filled shades whose white text passes AA contrast (4.5:1).
                variant="filled"
                color={state === 'draft' ? 'gray.7' : '#a63d00'}
                tt="none"
                style={{ flexShrink: 0 }}
              >
                {t(`news.state.${state}`)}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="gray.7">
            {state === 'scheduled'
              ? t('news.scheduledFor', { date: formatDate(item.publishedAt, i18n.language, { withTime: true }) })
              : formatDate(item.publishedAt, i18n.language, { withTime: true })}
            {item.links.length > 0 ? ` · ${t('news.linkCount', { count: item.links.length })}` : ''}
          </Text>
          <Text size="sm" c="gray.7" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {plainText(item.content)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap" className={classes.rowActions}>
          <EditDeleteButtons describedBy={titleId} onEdit={onEdit} onDelete={onDelete} />
        </Group>
      </div>
    </Card>
  );
}

/** The company's news, newest first as the site lists them; create, edit, delete. */
export function NewsTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation('adminContent');
  const query = useNewsList(companyId);
  const remove = useDeleteNews(companyId);
  const [editing, setEditing] = useState<{ item: AdminNewsItem | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminNewsItem | null>(null);

  return (
    <Stack gap="md">
      <TabHeader title={t('news.heading')} intro={t('news.intro')}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ item: null })}>
          {t('news.new')}
        </Button>
      </TabHeader>
      <QueryState area="adminContent" query={query} height={100}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState icon={IconNews} title={t('news.empty')} text={t('news.emptyText')} />
          ) : (
            <Stack gap="sm" component="ul" className={classes.plainList} aria-label={t('news.heading')}>
              {items.map((item) => (
                <li key={item.id}>
                  <NewsRow item={item} onEdit={() => setEditing({ item })} onDelete={() => setDeleting(item)} />
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
      <NewsEditor companyId={companyId} item={editing?.item ?? null} opened={editing !== null} onClose={() => setEditing(null)} />
      <DeleteConfirm
        entry={deleting}
        title={t('news.deleteTitle')}
        text={t('news.deleteText', { title: deleting?.title ?? '' })}
        deletedText={t('news.deleted')}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
