import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, ScrollArea, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerListItem } from '@mawingu/contracts/admin/customers';
import '@mantine/core/styles/Table.css';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { FactList } from '../shell/fact-list.tsx';
import { ListPagination } from '../shell/list-pagination.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { useUrlState } from '../shell/use-url-state.ts';
import { useWide } from '../shell/use-wide.ts';
import { customersCsvUrl, useCanManageVms, useCustomerSearch } from './customers-api.ts';
import { ExportCsvButton } from '../shell/export-csv-button.tsx';
import ui from '../shell/console.module.css';

const fullName = (c: CustomerListItem) => `${c.firstName} ${c.lastName}`.trim() || c.email;

function CustomerTable({ companyId, rows }: { companyId: number; rows: CustomerListItem[] }) {
  const { t, i18n } = useTranslation('adminCustomers');
  return (
    <ScrollArea type="auto">
      <Table fz="sm" verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover aria-label={t('customers.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('customers.name')}</Table.Th>
            <Table.Th>{t('customers.email')}</Table.Th>
            <Table.Th>{t('customers.company')}</Table.Th>
            <Table.Th>{t('customers.phone')}</Table.Th>
            <Table.Th ta="right">{t('customers.vms')}</Table.Th>
            <Table.Th>{t('customers.since')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.id} data-testid="admin-customer-row">
              <Table.Td>
                <Anchor component={Link} to={adminHref(companyId, `customers/${c.id}`)} fw={600} size="sm">
                  {fullName(c)}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {c.email}
                {!c.emailVerified && (
                  <Badge ml={6} size="xs" variant="outline" color="gray.7">
                    {t('customers.unverified')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{c.companyName || t('common.none')}</Table.Td>
              <Table.Td className={ui.numeric}>{c.phone}</Table.Td>
              <Table.Td ta="right" className={ui.numeric}>
                {c.vmCount}
              </Table.Td>
              <Table.Td className={ui.nowrap}>{formatDate(c.createdAt, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function CustomerCards({ companyId, rows }: { companyId: number; rows: CustomerListItem[] }) {
  const { t, i18n } = useTranslation('adminCustomers');
  return (
    <ul className={ui.cards} aria-label={t('customers.tableLabel')}>
      {rows.map((c) => (
        <li key={c.id}>
          <Card withBorder radius="md" padding="md" data-testid="admin-customer-row">
            <Stack gap="xs">
              <Anchor component={Link} to={adminHref(companyId, `customers/${c.id}`)} fw={600}>
                {fullName(c)}
              </Anchor>
              <FactList
                facts={[
                  [t('customers.email'), c.email],
                  [t('customers.company'), c.companyName || t('common.none')],
                  [t('customers.phone'), c.phone],
                  [t('customers.vms'), c.vmCount],
                  [t('customers.since'), formatDate(c.createdAt, i18n.language)],
                ]}
              />
            </Stack>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** /admin/c/:companyId/customers — search the company's customers (name, e-mail, company, phone). */
export default function CustomersPage() {
  const { t } = useTranslation('adminCustomers');
  const companyId = useScopedCompanyId();
  const wide = useWide();
  const { values, page, set } = useUrlState(['q'] as const);
  const [typed, setTyped] = useState(values.q);
  const [debounced] = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (debounced.trim() !== values.q) set({ q: debounced.trim() });
    // Only the debounced text drives the address; values.q follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const query = useCustomerSearch(companyId, values.q, page);
  // Personal data in bulk: owners and admins only (the API refuses support too).
  const canExport = useCanManageVms();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2}>{t('customers.title')}</Title>
          <Text size="sm" c="gray.7">
            {t('customers.intro')}
          </Text>
        </div>
        {canExport && <ExportCsvButton url={customersCsvUrl(companyId, values.q)} name="customers" />}
      </Group>
      <TextInput
        type="search"
        label={t('customers.search')}
        placeholder={t('customers.searchHint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        maxLength={200}
        maw={520}
      />
      <QueryState area="adminCustomers" query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              icon={IconUsers}
              title={values.q ? t('customers.noMatch', { q: values.q }) : t('customers.empty')}
              text={values.q ? t('customers.noMatchText') : t('customers.emptyText')}
            />
          ) : (
            <div>
              {wide ? <CustomerTable companyId={companyId} rows={data.items} /> : <CustomerCards companyId={companyId} rows={data.items} />}
              <ListPagination
                area="adminCustomers"
                total={data.total}
                page={data.page}
                pageSize={data.pageSize}
                onPage={(p) => set({ page: p })}
              />
            </div>
          )
        }
      </QueryState>
    </Stack>
  );
}
