import { formatDate } from '../../../lib/format-date.ts';
import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AuditEntryRow } from '@mawingu/contracts/admin/access';
import { ApiError } from '../../../api/api-error.ts';
import { useOperatorSession } from '../shell/operator-session.ts';
import { useConsoleCompanies } from '../shell/use-console-companies.ts';
import { auditCsvUrl, useAuditLog, type AuditFilters } from './access-api.ts';
import { actionInWords, actionKey } from './audit-action.ts';
import { ExportCsvButton } from '../shell/export-csv-button.tsx';
import { auditChanges } from './audit-changes.ts';
import classes from './access.module.css';
import './mantine-access-styles.ts';
import { DayInput } from '../shell/day-input.tsx';
import { TableHead } from '../shell/table-head.tsx';

const FILTER_KEYS = ['action', 'operator', 'q', 'from', 'to'] as const;

function Changes({ entry }: { entry: AuditEntryRow }) {
  const { t } = useTranslation('admin');
  const rows = auditChanges(entry.before, entry.after);
  return (
    <Stack gap={6}>
      {entry.reason && <Text size="sm">{t('access.audit.reason', { reason: entry.reason })}</Text>}
      {rows.length === 0 ? (
        !entry.reason && (
          <Text size="sm" c="dimmed">
            {t('access.audit.noChanges')}
          </Text>
        )
      ) : (
        <ScrollArea>
          <Table className={classes.diffTable} withTableBorder verticalSpacing={4} fz="xs">
            <TableHead labels={[t('access.audit.field'), t('access.audit.before'), t('access.audit.after')]} />
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.field || '-'} fw={row.changed ? 600 : undefined}>
                  <Table.Td className={classes.nowrap}>{row.field || '—'}</Table.Td>
                  <Table.Td>{row.before === null ? '—' : <pre className={classes.json}>{row.before}</pre>}</Table.Td>
                  <Table.Td>{row.after === null ? '—' : <pre className={classes.json}>{row.after}</pre>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

/** What was done, in words (the console's language), with the action's code beneath for searching. */
function ActionLabel({ action }: { action: string }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap={2} align="flex-start" style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {t(`access.audit.actions.${actionKey(action)}` as 'access.audit.title', { defaultValue: actionInWords(action) })}
      </Text>
      <Badge variant="light" tt="none" size="sm" style={{ maxWidth: '100%' }}>
        {action}
      </Badge>
    </Stack>
  );
}

/**
 * /admin/c/:companyId/audit (owner and admin) and /admin/audit (owner, every company): the audit log
 * with filters in the address (so a search can be shared), newest first, a page at a time.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const session = useOperatorSession();
  const { companyId: companyParam } = useParams();
  const companyId = companyParam ? Number(companyParam) : null;
  const wide = useMediaQuery('(min-width: 62em)', true);
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {
    action: params.get('action') ?? '',
    operator: params.get('operator') ?? '',
    q: params.get('q') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [draft, setDraft] = useState(filters);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const log = useAuditLog(companyId, filters);
  const isOwner = session?.operator.role === 'owner';
  const companies = useConsoleCompanies();
  const companyName = (id: number) => companies.data?.find((c) => c.id === id)?.name ?? t('access.audit.company', { id });

  function apply(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (draft[key].trim()) next.set(key, draft[key].trim());
    setParams(next);
  }
  function clear() {
    setDraft({ action: '', operator: '', q: '', from: '', to: '', page: 1 });
    setParams(new URLSearchParams());
  }
  function goTo(page: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  }
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const fieldErrors = log.error instanceof ApiError ? (log.error.fieldErrors ?? {}) : {};
  const when = (iso: string) => formatDate(iso, i18n.language, { withTime: true });
  const actor = (e: AuditEntryRow) => (e.operatorId === null && e.actorEmail === 'system' ? t('access.audit.system') : e.actorEmail);
  const target = (e: AuditEntryRow) => `${e.targetType} #${e.targetId}`;
  const changesButton = (e: AuditEntryRow) => (
    <Button
      variant="subtle"
      size="compact-xs"
      onClick={() => toggle(e.id)}
      aria-expanded={open.has(e.id)}
      aria-controls={`audit-changes-${e.id}`}
    >
      {open.has(e.id) ? t('access.audit.hideChanges') : t('access.audit.showChanges')}
    </Button>
  );

  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {companyId === null ? t('access.audit.titleAll') : t('access.audit.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('access.audit.intro')}
          </Text>
        </div>
        <Group gap="md" align="center">
          {isOwner && companyId !== null && (
            <Anchor component={Link} to="/admin/audit" size="sm">
              {t('access.audit.allCompaniesLink')}
            </Anchor>
          )}
          <ExportCsvButton url={auditCsvUrl(companyId, filters)} name="audit-log" />
        </Group>
      </Group>

      <form onSubmit={apply} noValidate aria-label={t('access.audit.apply')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <TextInput
            label={t('access.audit.action')}
            placeholder={t('access.audit.actionPlaceholder')}
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.currentTarget.value })}
          />
          <TextInput
            label={t('access.audit.operator')}
            placeholder={t('access.audit.operatorPlaceholder')}
            value={draft.operator}
            onChange={(e) => setDraft({ ...draft, operator: e.currentTarget.value })}
          />
          <TextInput
            label={t('access.audit.search')}
            placeholder={t('access.audit.searchPlaceholder')}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
          />
          <DayInput
            label={t('access.audit.from')}
            value={draft.from}
            max={draft.to}
            onChange={(day) => setDraft({ ...draft, from: day })}
            error={fieldErrors.from}
          />
          <DayInput
            label={t('access.audit.to')}
            value={draft.to}
            min={draft.from}
            onChange={(day) => setDraft({ ...draft, to: day })}
            error={fieldErrors.to}
          />
        </SimpleGrid>
        <Group gap="sm" mt="sm">
          <Button type="submit">{t('access.audit.apply')}</Button>
          <Button variant="default" onClick={clear}>
            {t('access.audit.clear')}
          </Button>
          {data && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('access.audit.total', { count: data.total })}
            </Text>
          )}
        </Group>
      </form>

      {log.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('access.audit.loading')}</Text>
        </Group>
      ) : log.isError && Object.keys(fieldErrors).length === 0 ? (
        <Alert color="red" role="alert">
          {t('error', { message: log.error.message })}
        </Alert>
      ) : !data || data.items.length === 0 ? (
        <Text c="dimmed">{t('access.audit.empty')}</Text>
      ) : wide ? (
        <ScrollArea>
          <Table
            className={classes.tableWrap}
            verticalSpacing="sm"
            data-testid="audit-table"
            aria-busy={log.isPlaceholderData}
            opacity={log.isPlaceholderData ? 0.6 : 1}
          >
            <TableHead
              labels={[
                t('access.audit.columns.at'),
                t('access.audit.columns.actor'),
                t('access.audit.columns.action'),
                t('access.audit.columns.target'),
                t('access.audit.columns.changes'),
              ]}
            />
            <Table.Tbody>
              {data.items.map((e) => (
                <Fragment key={e.id}>
                  <Table.Tr>
                    <Table.Td>
                      <Text size="sm">{when(e.at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{actor(e)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <ActionLabel action={e.action} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{target(e)}</Text>
                      {companyId === null && e.companyId !== null && (
                        <Text size="xs" c="dimmed">
                          {companyName(e.companyId)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{changesButton(e)}</Table.Td>
                  </Table.Tr>
                  {open.has(e.id) && (
                    <Table.Tr id={`audit-changes-${e.id}`}>
                      <Table.Td colSpan={5}>
                        <Changes entry={e} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          data-testid="audit-table"
          aria-busy={log.isPlaceholderData}
          opacity={log.isPlaceholderData ? 0.6 : 1}
        >
          {data.items.map((e) => (
            <Card key={e.id} withBorder component="li" padding="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <ActionLabel action={e.action} />
                <Text size="xs" c="dimmed" ta="right">
                  {when(e.at)}
                </Text>
              </Group>
              <Text size="sm" mt={6} style={{ wordBreak: 'break-all' }}>
                {actor(e)}
              </Text>
              <Text size="sm" c="dimmed">
                {target(e)}
                {companyId === null && e.companyId !== null && ` · ${companyName(e.companyId)}`}
              </Text>
              <Group mt={4}>{changesButton(e)}</Group>
              {open.has(e.id) && (
                <div id={`audit-changes-${e.id}`}>
                  <Changes entry={e} />
                </div>
              )}
            </Card>
          ))}
        </Stack>
      )}

      {data && pages > 1 && (
        <Pagination
          total={pages}
          value={filters.page}
          onChange={goTo}
          size="sm"
          siblings={wide ? 1 : 0}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('access.audit.previousPage') : t('access.audit.nextPage'),
          })}
          aria-label={t('access.audit.pagination')}
        />
      )}
    </Stack>
  );
}
