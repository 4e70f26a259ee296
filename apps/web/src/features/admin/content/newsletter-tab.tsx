import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailForward, IconSearch, IconUsers } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { newsletterSendInput, type NewsletterSendInput, type Subscriber } from '@mawingu/contracts/admin/content';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '../../../components/segmented-control-styles.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { ExportCsvButton } from '../shell/export-csv-button.tsx';
import { useWide } from '../shell/use-wide.ts';
import { placeApiErrors } from './api-errors.ts';
import { subscribersCsvUrl, useSendNewsletter, useSubscribers, type SubscriberFilter } from './content-api.ts';
import classes from './content.module.css';
import { TabHeader, TabHeading } from './tab-parts.tsx';
import { TableHead } from '../shell/table-head.tsx';

const STATUSES = ['all', 'active', 'unsubscribed'] as const;

function StatusBadge({ subscriber }: { subscriber: Subscriber }) {
  const { t } = useTranslation('adminContent');
  // Filled badges in shades whose white text passes AA contrast (4.5:1).
  return subscriber.unsubscribedAt ? (
    <Badge variant="filled" color="gray.7" style={{ flexShrink: 0 }}>
      {t('newsletter.status.unsubscribed')}
    </Badge>
  ) : (
    <Badge variant="filled" color="teal.9" style={{ flexShrink: 0 }}>
      {t('newsletter.status.active')}
    </Badge>
  );
}

function SubscriberTable({ rows }: { rows: Subscriber[] }) {
  const { t, i18n } = useTranslation('adminContent');
  return (
    <ScrollArea type="auto">
      <Table fz="sm" verticalSpacing="sm" striped highlightOnHover aria-label={t('newsletter.tableLabel')}>
        <TableHead
          labels={[t('newsletter.email'), t('newsletter.statusLabel'), t('newsletter.subscribedAt'), t('newsletter.unsubscribedAt')]}
        />
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.id} data-testid="admin-subscriber-row">
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.email}</Table.Td>
              <Table.Td>
                <StatusBadge subscriber={s} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>{formatDate(s.subscribedAt, i18n.language, { withTime: true })}</Table.Td>
              <Table.Td className={classes.nowrap}>
                {s.unsubscribedAt ? formatDate(s.unsubscribedAt, i18n.language, { withTime: true }) : t('common.none')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function SubscriberCards({ rows }: { rows: Subscriber[] }) {
  const { t, i18n } = useTranslation('adminContent');
  return (
    <ul className={classes.subscriberCards} aria-label={t('newsletter.tableLabel')}>
      {rows.map((s) => (
        <li key={s.id}>
          <Card withBorder radius="md" padding="sm" data-testid="admin-subscriber-row">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {s.email}
              </Text>
              <StatusBadge subscriber={s} />
            </Group>
            <Text size="xs" c="gray.7" mt={4}>
              {t('newsletter.since', { date: formatDate(s.subscribedAt, i18n.language) })}
              {s.unsubscribedAt ? ` · ${t('newsletter.until', { date: formatDate(s.unsubscribedAt, i18n.language) })}` : ''}
            </Text>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function SendForm({ companyId, activeCount }: { companyId: number; activeCount: number }) {
  const { t } = useTranslation('adminContent');
  const send = useSendNewsletter(companyId);
  const resolver = useMemo(() => zodResolver(newsletterSendInput as never) as unknown as Resolver<NewsletterSendInput>, []);
  const form = useForm<NewsletterSendInput>({ resolver, defaultValues: { subject: '', body: '' } });
  const [pending, setPending] = useState<NewsletterSendInput | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { errors } = form.formState;

  async function deliver() {
    if (!pending) return;
    setFormError(null);
    try {
      const { queued } = await send.mutateAsync(pending);
      showSuccessToast(t('newsletter.queued', { count: queued }));
      form.reset({ subject: '', body: '' });
    } catch (err) {
      setFormError(placeApiErrors(err, form));
      showErrorToast(err instanceof Error ? err.message : t('common.failed'));
    } finally {
      setPending(null);
    }
  }

  const submit = form.handleSubmit((values) => setPending(values));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="newsletter-send-heading">
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="newsletter-send-heading">
        <Stack gap="md">
          <TabHeading id="newsletter-send-heading" title={t('newsletter.sendHeading')} intro={t('newsletter.sendIntro')} />
          <TextInput
            label={t('newsletter.subject')}
            required
            maxLength={200}
            error={errors.subject?.message}
            {...form.register('subject')}
          />
          <Textarea
            label={t('newsletter.body')}
            description={t('newsletter.bodyHint')}
            required
            autosize
            minRows={6}
            maxRows={18}
            error={errors.body?.message}
            {...form.register('body')}
          />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconMailForward size={16} aria-hidden />} disabled={activeCount === 0}>
              {t('newsletter.send', { count: activeCount })}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={pending !== null}
        title={t('newsletter.confirmTitle')}
        text={t('newsletter.confirmText', { count: activeCount, subject: pending?.subject ?? '' })}
        confirmLabel={t('newsletter.confirmSend', { count: activeCount })}
        pending={send.isPending}
        onConfirm={() => void deliver()}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}

/** Subscribers (search, status, pages), their CSV export, and a newsletter send to the active ones. */
export function NewsletterTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation('adminContent');
  const wide = useWide();
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), 300);
  const [filter, setFilter] = useState<SubscriberFilter>({ q: '', status: 'all', page: 1 });
  useEffect(() => setFilter((f) => (f.q === debounced ? f : { ...f, q: debounced, page: 1 })), [debounced]);
  const query = useSubscribers(companyId, filter);
  const activeCount = query.data?.activeCount ?? 0;

  return (
    <Stack gap="lg">
      <Stack gap="md" component="section" aria-labelledby="newsletter-subscribers-heading">
        <TabHeader
          id="newsletter-subscribers-heading"
          title={t('newsletter.heading')}
          intro={query.data ? t('newsletter.activeCount', { count: activeCount }) : t('common.loading')}
          live
        >
          <ExportCsvButton url={subscribersCsvUrl(companyId, filter)} name="newsletter-subscribers" label={t('newsletter.export')} />
        </TabHeader>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="search"
            label={t('newsletter.search')}
            placeholder={t('newsletter.searchHint')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={254}
            style={{ flex: '1 1 240px', maxWidth: 420 }}
          />
          <SegmentedControl
            aria-label={t('newsletter.statusLabel')}
            value={filter.status}
            onChange={(value) => setFilter((f) => ({ ...f, status: value as SubscriberFilter['status'], page: 1 }))}
            data={STATUSES.map((status) => ({ value: status, label: t(`newsletter.filter.${status}`) }))}
          />
        </Group>
        <QueryState area="adminContent" query={query} rows={4} height={44}>
          {(page) => {
            const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
            if (page.items.length === 0) {
              return (
                <EmptyState
                  icon={IconUsers}
                  title={filter.q || filter.status !== 'all' ? t('newsletter.noMatch') : t('newsletter.empty')}
                  text={filter.q || filter.status !== 'all' ? t('newsletter.noMatchText') : t('newsletter.emptyText')}
                />
              );
            }
            return (
              <div>
                {wide ? <SubscriberTable rows={page.items} /> : <SubscriberCards rows={page.items} />}
                <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
                  <Text size="sm" c="gray.7">
                    {t('newsletter.results', { count: page.total })}
                    {pages > 1 ? ` · ${t('newsletter.pageOf', { page: page.page, pages })}` : ''}
                  </Text>
                  {pages > 1 && (
                    <Pagination
                      total={pages}
                      value={Math.min(page.page, pages)}
                      onChange={(p) => setFilter((f) => ({ ...f, page: p }))}
                      size="sm"
                      siblings={1}
                      boundaries={1}
                      aria-label={t('newsletter.pages')}
                      getControlProps={(control) =>
                        control === 'next'
                          ? { 'aria-label': t('newsletter.nextPage') }
                          : control === 'previous'
                            ? { 'aria-label': t('newsletter.previousPage') }
                            : {}
                      }
                    />
                  )}
                </Group>
              </div>
            );
          }}
        </QueryState>
      </Stack>
      <SendForm companyId={companyId} activeCount={activeCount} />
    </Stack>
  );
}
