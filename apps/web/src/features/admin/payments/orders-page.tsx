import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Card, Group, ScrollArea, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconReceipt, IconReceiptTax, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ORDER_GATEWAY_FILTERS, ORDER_KINDS, type OrderListItem } from '@mawingu/contracts/admin/payments';
import { ORDER_STATUSES } from '@mawingu/contracts/order-status';
import '@mantine/core/styles/Table.css';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { formatMoney } from '../../../lib/money.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useGatewayName } from '../shell/gateway-name.ts';
import { ExportCsvButton } from '../shell/export-csv-button.tsx';
import { ListPagination } from '../shell/list-pagination.tsx';
import { useWide } from '../shell/use-wide.ts';
import { QueryState } from '../shell/query-state.tsx';
import { ordersCsvUrl, useCanManagePayments, useOrders, type OrderFilters } from './payments-api.ts';
import { OrderStatusBadge } from './status-badge.tsx';
import ui from '../shell/console.module.css';
import { DayInput } from '../shell/day-input.tsx';

const FILTER_KEYS = ['q', 'status', 'kind', 'gateway', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** The list's filters in the address (?status=paid&page=2), so a view can be shared, reloaded and left with Back. */
function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const filters: OrderFilters = {
    ...(Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Record<FilterKey, string>),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  const set = useCallback(
    (changes: Partial<Record<FilterKey | 'page', string | number>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '' || value === undefined || (key === 'page' && Number(value) <= 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, set, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}

/** Tables from the width where the console's menu sits beside the page (Mantine md); cards below. */

function OrdersTable({ companyId, rows }: { companyId: number; rows: OrderListItem[] }) {
  const { t, i18n } = useTranslation('adminPayments');
  const gatewayName = useGatewayName('adminPayments');
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('orders.tableLabel') }}>
      <Table fz="sm" verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover aria-label={t('orders.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('orders.order')}</Table.Th>
            <Table.Th>{t('orders.date')}</Table.Th>
            <Table.Th>{t('orders.customer')}</Table.Th>
            <Table.Th>{t('orders.product')}</Table.Th>
            <Table.Th>{t('orders.gateway')}</Table.Th>
            <Table.Th ta="right">{t('orders.total')}</Table.Th>
            <Table.Th>{t('orders.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((o) => (
            <Table.Tr key={o.id} data-testid="admin-order-row" data-order-id={o.id}>
              <Table.Td className={ui.nowrap}>
                <Anchor component={Link} to={adminHref(companyId, `orders/${o.id}`)} fw={600} size="sm">
                  {t('orders.number', { id: o.id })}
                </Anchor>
                <Text size="xs" c="gray.7">
                  {t(`kind.${o.kind}` as 'kind.1')}
                </Text>
              </Table.Td>
              <Table.Td className={ui.nowrap}>{formatDate(o.createdAt, i18n.language, { withTime: true })}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm">{o.customer.name}</Text>
                <Text size="xs" c="gray.7">
                  {o.customer.email}
                </Text>
              </Table.Td>
              <Table.Td>{o.productName}</Table.Td>
              <Table.Td>{gatewayName(o.gateway)}</Table.Td>
              <Table.Td ta="right" className={ui.numeric}>
                {formatMoney(o.total, o.currency)}
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={o.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function OrderCards({ companyId, rows }: { companyId: number; rows: OrderListItem[] }) {
  const { t, i18n } = useTranslation('adminPayments');
  const gatewayName = useGatewayName('adminPayments');
  return (
    <ul className={ui.cards} aria-label={t('orders.tableLabel')}>
      {rows.map((o) => (
        <li key={o.id}>
          <Card withBorder radius="md" padding="md" data-testid="admin-order-row" data-order-id={o.id}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component={Link} to={adminHref(companyId, `orders/${o.id}`)} fw={600}>
                  {t('orders.number', { id: o.id })} · {t(`kind.${o.kind}` as 'kind.1')}
                </Anchor>
                <OrderStatusBadge status={o.status} />
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {o.customer.name} · {o.customer.email}
              </Text>
              <Text size="sm" c="gray.7">
                {o.productName} · {gatewayName(o.gateway)}
              </Text>
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="gray.7">
                  {formatDate(o.createdAt, i18n.language, { withTime: true })}
                </Text>
                <Text fw={700} className={ui.numeric}>
                  {formatMoney(o.total, o.currency)}
                </Text>
              </Group>
            </Stack>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** /admin/c/:companyId/orders — the company's orders with filters; support may read them too. */
export default function OrdersPage() {
  const { t } = useTranslation('adminPayments');
  const companyId = useScopedCompanyId();
  const wide = useWide();
  const gatewayName = useGatewayName('adminPayments');
  const { filters, set, clear } = useOrderFilters();
  const [typed, setTyped] = useState(filters.q);
  const [debounced] = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (debounced.trim() !== filters.q) set({ q: debounced.trim() });
    // Only the debounced text drives the address; filters.q follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const query = useOrders(companyId, filters);
  // Owners and admins export; support reads the list only.
  const canExport = useCanManagePayments();
  const filtered = FILTER_KEYS.some((key) => filters[key] !== '');
  const any = { value: '', label: t('orders.any') };
  const fieldErrors = (query.error as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2}>{t('orders.title')}</Title>
          <Text size="sm" c="gray.7">
            {t('orders.intro')}
          </Text>
        </div>
        {canExport && (
          <Group gap="xs">
            <Button
              component={Link}
              to={adminHref(companyId, 'orders/vat-report')}
              variant="default"
              leftSection={<IconReceiptTax size={16} aria-hidden />}
            >
              {t('vat.open')}
            </Button>
            <ExportCsvButton url={ordersCsvUrl(companyId, filters)} name="orders" />
          </Group>
        )}
      </Group>
      <Card
        withBorder
        radius="md"
        padding="sm"
        component="form"
        role="search"
        aria-label={t('orders.search')}
        onSubmit={(event: React.FormEvent) => event.preventDefault()}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            type="search"
            label={t('orders.search')}
            placeholder={t('orders.searchHint')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={200}
            error={fieldErrors.q}
          />
          <Select
            label={t('orders.status')}
            data={[any, ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
            value={filters.status}
            onChange={(value) => set({ status: value ?? '' })}
            allowDeselect={false}
          />
          <Select
            label={t('orders.kind')}
            data={[any, ...ORDER_KINDS.map((k) => ({ value: String(k), label: t(`kind.${k}`) }))]}
            value={filters.kind}
            onChange={(value) => set({ kind: value ?? '' })}
            allowDeselect={false}
          />
          <Select
            label={t('orders.gateway')}
            data={[any, ...ORDER_GATEWAY_FILTERS.map((g) => ({ value: g, label: gatewayName(g) }))]}
            value={filters.gateway}
            onChange={(value) => set({ gateway: value ?? '' })}
            allowDeselect={false}
          />
          <DayInput
            label={t('orders.from')}
            value={filters.from}
            max={filters.to}
            onChange={(day) => set({ from: day })}
            error={fieldErrors.from}
          />
          <DayInput
            label={t('orders.to')}
            value={filters.to}
            min={filters.from}
            onChange={(day) => set({ to: day })}
            error={fieldErrors.to}
          />
        </SimpleGrid>
        {filtered && (
          <Group justify="flex-end" mt="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                setTyped('');
                clear();
              }}
            >
              {t('orders.reset')}
            </Button>
          </Group>
        )}
      </Card>
      <QueryState area="adminPayments" query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              icon={IconReceipt}
              title={filtered ? t('orders.noMatch') : t('orders.empty')}
              text={filtered ? t('orders.noMatchText') : t('orders.emptyText')}
            />
          ) : (
            <div>
              {wide ? <OrdersTable companyId={companyId} rows={data.items} /> : <OrderCards companyId={companyId} rows={data.items} />}
              <ListPagination
                area="adminPayments"
                total={data.total}
                page={data.page}
                pageSize={data.pageSize}
                onPage={(page) => set({ page })}
              />
            </div>
          )
        }
      </QueryState>
    </Stack>
  );
}
