import { Link, useParams } from 'react-router';
import { Alert, Anchor, Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { adminHref } from '../shell/admin-nav.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { QueryState } from '../shell/query-state.tsx';
import { useUrlState } from '../shell/use-url-state.ts';
import { useCustomerDetail } from './customers-api.ts';
import { CustomerActions } from './customer-actions.tsx';
import { CustomerNotes } from './customer-notes.tsx';
import { VmList } from './vm-list.tsx';
import { Empty, Newest } from './customer-rows.tsx';
import { Profile } from './customer-profile-section.tsx';
import { Orders } from './customer-orders-section.tsx';
import { Invoices } from './customer-invoices-section.tsx';
import { Tickets } from './customer-tickets-section.tsx';

const TABS = ['profile', 'vms', 'orders', 'invoices', 'tickets', 'notes'] as const;
type Tab = (typeof TABS)[number];

/** /admin/c/:companyId/customers/:customerId — one customer: profile, VMs, orders, invoices, tickets. */
export default function CustomerDetailPage() {
  const { t } = useTranslation('adminCustomers');
  const companyId = useScopedCompanyId();
  const customerId = Number(useParams().customerId);
  const query = useCustomerDetail(companyId, customerId);
  const { values, set } = useUrlState(['tab'] as const);
  const tab: Tab = (TABS as readonly string[]).includes(values.tab) ? (values.tab as Tab) : 'profile';

  return (
    <Stack gap="md">
      <Anchor component={Link} to={adminHref(companyId, 'customers')} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          {t('customer.back')}
        </Group>
      </Anchor>
      {!Number.isInteger(customerId) || customerId <= 0 ? (
        <Alert color="red" variant="light" title={t('customer.notFound')} />
      ) : (
        <QueryState area="adminCustomers" query={query}>
          {(detail) => {
            const name = `${detail.profile.firstName} ${detail.profile.lastName}`.trim() || detail.profile.email;
            const count = (n: number) => (
              <Badge size="sm" variant="outline" color="gray.7" ml={2}>
                {n}
              </Badge>
            );
            return (
              <>
                <div>
                  <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Title>
                  <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {detail.profile.email}
                    {detail.profile.companyName ? ` · ${detail.profile.companyName}` : ''}
                  </Text>
                </div>
                <CustomerActions companyId={companyId} profile={detail.profile} name={name} />
                <Tabs value={tab} onChange={(value) => set({ tab: value === 'profile' ? '' : (value ?? '') })} keepMounted={false}>
                  <Tabs.List aria-label={t('customer.tabsLabel')}>
                    <Tabs.Tab value="profile">{t('customer.tabs.profile')}</Tabs.Tab>
                    <Tabs.Tab value="vms" rightSection={count(detail.totals.vms)}>
                      {t('customer.tabs.vms')}
                    </Tabs.Tab>
                    <Tabs.Tab value="orders" rightSection={count(detail.totals.orders)}>
                      {t('customer.tabs.orders')}
                    </Tabs.Tab>
                    <Tabs.Tab value="invoices" rightSection={count(detail.totals.invoices)}>
                      {t('customer.tabs.invoices')}
                    </Tabs.Tab>
                    <Tabs.Tab value="tickets" rightSection={count(detail.totals.tickets)}>
                      {t('customer.tabs.tickets')}
                    </Tabs.Tab>
                    <Tabs.Tab value="notes">{t('customer.tabs.notes')}</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="profile" pt="md">
                    <Profile detail={detail} />
                  </Tabs.Panel>
                  <Tabs.Panel value="vms" pt="md">
                    {detail.vms.length === 0 ? (
                      <Empty text={t('customer.noVms')} />
                    ) : (
                      <>
                        <VmList companyId={companyId} vms={detail.vms} label={t('vms.tableLabel')} showCustomer={false} />
                        <Newest shown={detail.vms.length} total={detail.totals.vms} />
                      </>
                    )}
                  </Tabs.Panel>
                  <Tabs.Panel value="orders" pt="md">
                    <Orders detail={detail} name={name} companyId={companyId} />
                  </Tabs.Panel>
                  <Tabs.Panel value="invoices" pt="md">
                    <Invoices detail={detail} name={name} companyId={companyId} />
                  </Tabs.Panel>
                  <Tabs.Panel value="tickets" pt="md">
                    <Tickets detail={detail} name={name} companyId={companyId} />
                  </Tabs.Panel>
                  <Tabs.Panel value="notes" pt="md">
                    <CustomerNotes companyId={companyId} customerId={customerId} />
                  </Tabs.Panel>
                </Tabs>
              </>
            );
          }}
        </QueryState>
      )}
    </Stack>
  );
}
