import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconPaperclip, IconSearch, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TICKET_PRIORITIES, type AdminTicketListItem } from '@mawingu/contracts/admin/tickets';
import { TICKET_STATUSES } from '@mawingu/contracts/tickets';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { ListPagination } from '../shell/list-pagination.tsx';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useUrlState } from '../shell/use-url-state.ts';
import { useWide } from '../shell/use-wide.ts';
import { SavedRepliesButton } from './saved-replies.tsx';
import { TicketStatusBadge } from './ticket-status-badge.tsx';
import { useTicketQueue } from './tickets-api.ts';
import ui from '../shell/console.module.css';
import classes from './tickets.module.css';
import { DayInput } from '../shell/day-input.tsx';
import { TableHead } from '../shell/table-head.tsx';

const FILTERS = ['status', 'issueType', 'q', 'from', 'to', 'awaiting', 'assigned', 'priority', 'sort'] as const;
const STATUS_KEYS = { Open: 'open', 'In Progress': 'inProgress', Resolved: 'resolved', Closed: 'closed' } as const;

function Responses({ ticket }: { ticket: AdminTicketListItem }) {
  const { t, i18n } = useTranslation('adminTickets');
  if (ticket.responses === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('queue.noResponse')}
      </Text>
    );
  }
  return (
    <Text size="sm">
      {t('queue.responsesCount', { count: ticket.responses })}
      {ticket.lastResponseAt && (
        <Text span size="xs" c="gray.7" display="block">
          {t('queue.lastResponse', { date: formatDate(ticket.lastResponseAt, i18n.language) })}
        </Text>
      )}
    </Text>
  );
}

const PRIORITY_COLOURS = { low: 'gray', normal: 'blue', high: 'orange', urgent: 'red' } as const;

function PriorityBadge({ ticket }: { ticket: AdminTicketListItem }) {
  const { t } = useTranslation('adminTickets');
  return (
    <Badge size="sm" variant={ticket.priority === 'urgent' ? 'filled' : 'light'} color={PRIORITY_COLOURS[ticket.priority]} tt="none">
      {t(`priority.${ticket.priority}`)}
    </Badge>
  );
}

/** The customer has the last word (no answer yet, or a reply): the operator's turn. */
function AwaitingMark({ ticket }: { ticket: AdminTicketListItem }) {
  const { t } = useTranslation('adminTickets');
  if (!ticket.awaiting) return null;
  return (
    <Badge size="sm" variant="filled" color="red.9" tt="none" data-testid="awaiting-mark">
      {t('queue.awaiting')}
    </Badge>
  );
}

function TicketLink({ companyId, ticket }: { companyId: number; ticket: AdminTicketListItem }) {
  const { t } = useTranslation('adminTickets');
  return (
    <Anchor
      component={Link}
      to={adminHref(companyId, `tickets/${ticket.ticketId}`)}
      fw={700}
      size="sm"
      className={ui.nowrap}
      aria-label={t('queue.openTicket', { id: ticket.ticketId, issueType: ticket.issueType })}
    >
      #{ticket.ticketId}
    </Anchor>
  );
}

function QueueTable({ companyId, rows }: { companyId: number; rows: AdminTicketListItem[] }) {
  const { t, i18n } = useTranslation('adminTickets');
  return (
    <ScrollArea type="auto">
      <Table fz="sm" verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover aria-label={t('queue.tableLabel')}>
        <TableHead
          labels={[
            t('queue.ticket'),
            t('queue.subject'),
            t('queue.customer'),
            t('queue.status'),
            t('queue.priority'),
            t('queue.assignee'),
            t('queue.raised'),
            t('queue.responses'),
          ]}
        />
        <Table.Tbody>
          {rows.map((ticket) => (
            <Table.Tr key={ticket.ticketId} data-testid="admin-ticket-row">
              <Table.Td>
                <TicketLink companyId={companyId} ticket={ticket} />
              </Table.Td>
              <Table.Td maw={360}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {ticket.issueType}
                  </Text>
                  {ticket.attachments > 0 && (
                    <Badge size="xs" variant="outline" color="gray.7" tt="none" leftSection={<IconPaperclip size={10} aria-hidden />}>
                      {t('queue.files', { count: ticket.attachments })}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="gray.7" className={classes.excerpt}>
                  {ticket.excerpt}
                </Text>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm">{ticket.customer.name || ticket.customer.email}</Text>
                <Text size="xs" c="gray.7">
                  {ticket.customer.email}
                </Text>
              </Table.Td>
              <Table.Td miw={130}>
                <Stack gap={4} align="flex-start">
                  <TicketStatusBadge status={ticket.status} size="sm" />
                  <AwaitingMark ticket={ticket} />
                </Stack>
              </Table.Td>
              <Table.Td miw={90}>
                <PriorityBadge ticket={ticket} />
              </Table.Td>
              <Table.Td>{ticket.assignee?.name ?? t('queue.nobody')}</Table.Td>
              <Table.Td className={ui.nowrap}>{formatDate(ticket.createdAt, i18n.language)}</Table.Td>
              <Table.Td>
                <Responses ticket={ticket} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function QueueCards({ companyId, rows }: { companyId: number; rows: AdminTicketListItem[] }) {
  const { t, i18n } = useTranslation('adminTickets');
  return (
    <ul className={ui.cards} aria-label={t('queue.tableLabel')}>
      {rows.map((ticket) => (
        <li key={ticket.ticketId}>
          <Card withBorder radius="md" padding="md" data-testid="admin-ticket-row">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" miw={0}>
                  <TicketLink companyId={companyId} ticket={ticket} />
                  <Text size="sm" fw={600} truncate>
                    {ticket.issueType}
                  </Text>
                </Group>
                <TicketStatusBadge status={ticket.status} size="sm" />
              </Group>
              <Group gap="xs">
                <PriorityBadge ticket={ticket} />
                <AwaitingMark ticket={ticket} />
              </Group>
              <Text size="sm" c="gray.7" className={classes.excerpt}>
                {ticket.excerpt}
              </Text>
              <dl className={classes.facts}>
                <dt>{t('queue.customer')}</dt>
                <dd>{ticket.customer.name ? `${ticket.customer.name} · ${ticket.customer.email}` : ticket.customer.email}</dd>
                <dt>{t('queue.assignee')}</dt>
                <dd>{ticket.assignee?.name ?? t('queue.nobody')}</dd>
                <dt>{t('queue.raised')}</dt>
                <dd>{formatDate(ticket.createdAt, i18n.language)}</dd>
                <dt>{t('queue.responses')}</dt>
                <dd>
                  <Responses ticket={ticket} />
                </dd>
              </dl>
            </Stack>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** /admin/c/:companyId/tickets — the company's ticket queue with its filters. */
export default function TicketQueuePage() {
  const { t } = useTranslation('adminTickets');
  const companyId = useScopedCompanyId();
  const wide = useWide();
  const { values, page, set } = useUrlState(FILTERS);
  const [typed, setTyped] = useState(values.q);
  const [debounced] = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (debounced.trim() !== values.q) set({ q: debounced.trim() });
    // Only the debounced text drives the address; values.q follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const query = useTicketQueue(companyId, { ...values, page });
  const filtered = FILTERS.some((key) => values[key] !== '');
  const counts = query.data?.statusCounts ?? {};
  const issueTypes = query.data?.issueTypes ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2}>{t('queue.title')}</Title>
          <Text size="sm" c="gray.7">
            {t('queue.intro')}
          </Text>
        </div>
        <SavedRepliesButton companyId={companyId} />
      </Group>
      {query.data && (
        <Group gap="xs" aria-label={t('queue.status')} role="group">
          <Button
            size="compact-sm"
            radius="xl"
            variant={values.status === '' ? 'filled' : 'default'}
            aria-pressed={values.status === ''}
            onClick={() => set({ status: '' })}
          >
            {t('queue.allCount', { count: Object.values(counts).reduce((sum, n) => sum + n, 0) })}
          </Button>
          {TICKET_STATUSES.map((status) => (
            <Button
              key={status}
              size="compact-sm"
              radius="xl"
              variant={values.status === status ? 'filled' : 'default'}
              aria-pressed={values.status === status}
              onClick={() => set({ status: values.status === status ? '' : status })}
            >
              {t('queue.statusCount', { status: t(`status.${STATUS_KEYS[status]}`), count: counts[status] ?? 0 })}
            </Button>
          ))}
        </Group>
      )}
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          className={classes.spanTwo}
          type="search"
          label={t('queue.search')}
          placeholder={t('queue.searchHint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          maxLength={200}
        />
        <Select
          className={classes.spanTwo}
          label={t('queue.issueType')}
          placeholder={t('queue.anyIssueType')}
          data={[...new Set([...issueTypes, ...(values.issueType ? [values.issueType] : [])])]}
          value={values.issueType || null}
          onChange={(value) => set({ issueType: value ?? '' })}
          clearable
          clearButtonProps={{ 'aria-label': t('queue.clearIssueType') }}
        />
        <DayInput label={t('queue.from')} value={values.from} max={values.to} onChange={(day) => set({ from: day })} />
        <DayInput label={t('queue.to')} value={values.to} min={values.from} onChange={(day) => set({ to: day })} />
        <Select
          label={t('queue.assignee')}
          data={[
            { value: '', label: t('queue.anyone') },
            { value: 'mine', label: t('queue.mine') },
            { value: 'unassigned', label: t('queue.unassigned') },
          ]}
          value={values.assigned}
          onChange={(value) => set({ assigned: value ?? '' })}
          allowDeselect={false}
        />
        <Select
          label={t('queue.priority')}
          data={[{ value: '', label: t('queue.anyPriority') }, ...TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))]}
          value={values.priority}
          onChange={(value) => set({ priority: value ?? '' })}
          allowDeselect={false}
        />
        <Checkbox
          className={classes.checkCell}
          label={t('queue.awaitingOnly')}
          checked={values.awaiting === '1'}
          onChange={(event) => set({ awaiting: event.currentTarget.checked ? '1' : '' })}
        />
        <Checkbox
          className={classes.checkCell}
          label={t('queue.sortPriority')}
          checked={values.sort === 'priority'}
          onChange={(event) => set({ sort: event.currentTarget.checked ? 'priority' : '' })}
        />
      </SimpleGrid>
      {filtered && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconFilterOff size={14} aria-hidden />}
            onClick={() => {
              setTyped('');
              set({ status: '', issueType: '', q: '', from: '', to: '', awaiting: '', assigned: '', priority: '', sort: '' });
            }}
          >
            {t('queue.clear')}
          </Button>
        </Group>
      )}
      <QueryState area="adminTickets" query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              icon={IconTicket}
              title={filtered ? t('queue.noMatch') : t('queue.empty')}
              text={filtered ? t('queue.noMatchText') : t('queue.emptyText')}
            />
          ) : (
            <div>
              {wide ? <QueueTable companyId={companyId} rows={data.items} /> : <QueueCards companyId={companyId} rows={data.items} />}
              <ListPagination
                area="adminTickets"
                total={data.total}
                page={data.page}
                pageSize={data.pageSize}
                onPage={(p) => set({ page: p })}
                withPageNumber={false}
              />
            </div>
          )
        }
      </QueryState>
    </Stack>
  );
}
