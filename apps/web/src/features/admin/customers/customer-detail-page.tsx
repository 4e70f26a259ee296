import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, ScrollArea, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerDetail, CustomerInvoice, CustomerOrder, CustomerTicket } from '@mawingu/contracts/admin/customers';
import '@mantine/core/styles/Table.css';
import { formatDate } from '../../../lib/format-date.ts';
import { formatMoney } from '../../../lib/money.ts';
import { downloadFile } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { FactList } from '../shell/fact-list.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { useUrlState } from '../shell/use-url-state.ts';
import { useWide } from '../shell/use-wide.ts';
import { useCustomerDetail } from './customers-api.ts';
import { AccountControls } from './account-controls.tsx';
import { CustomerNotes } from './customer-notes.tsx';
import { CustomerPrivacySection } from './customer-privacy-section.tsx';
import { VmList } from './vm-list.tsx';
import ui from '../shell/console.module.css';
import classes from './customers.module.css';

const TABS = ['profile', 'vms', 'orders', 'invoices', 'tickets', 'notes'] as const;
type Tab = (typeof TABS)[number];

type Column<T> = { label: string; cell: (row: T) => ReactNode; numeric?: boolean };

/** A table on wide screens, cards of label–value pairs on phones. */
function Rows<T extends { id: number }>({
  rows,
  columns,
  label,
  title,
}: {
  rows: T[];
  columns: Column<T>[];
  label: string;
  title: (row: T) => ReactNode;
}) {
  const wide = useWide();
  if (wide) {
    return (
      <ScrollArea type="auto">
        <Table fz="sm" verticalSpacing="sm" horizontalSpacing="sm" striped aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                {columns.map((c) => (
                  <Table.Td key={c.label} ta={c.numeric ? 'right' : undefined} className={c.numeric ? ui.numeric : undefined}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    );
  }
  return (
    <ul className={ui.cards} aria-label={label}>
      {rows.map((row) => (
        <li key={row.id}>
          <Card withBorder radius="md" padding="md">
            <Stack gap="xs">
              <Text fw={600}>{title(row)}</Text>
              <FactList facts={columns.slice(1).map((c) => [c.label, c.cell(row)])} />
            </Stack>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Newest({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation('adminCustomers');
  if (total <= shown) return null;
  return (
    <Text size="sm" c="gray.7" mt="xs">
      {t('common.showingNewest', { shown, total })}
    </Text>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Text c="gray.7" size="sm" py="md">
      {text}
    </Text>
  );
}

function Profile({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useTranslation('adminCustomers');
  const p = detail.profile;
  const address = [p.address, p.city, p.state, p.postCode].filter(Boolean).join(', ');
  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <FactList
        facts={[
          [t('customer.profile.name'), `${p.firstName} ${p.lastName}`.trim()],
          [t('customer.profile.email'), p.email],
          [
            t('customer.profile.emailVerified'),
            p.emailVerifiedAt ? formatDate(p.emailVerifiedAt, i18n.language, { withTime: true }) : t('customer.profile.notVerified'),
          ],
          [t('customer.profile.phone'), `${p.countryCode} ${p.contactNo}`.trim()],
          [t('customer.profile.company'), p.companyName || t('common.none')],
          [t('customer.profile.vatNumber'), p.vatNumber || t('common.none')],
          [t('customer.profile.address'), address || t('common.none')],
          [t('customer.profile.region'), p.region || t('common.none')],
          [t('customer.profile.since'), formatDate(p.createdAt, i18n.language)],
        ]}
      />
    </Card>
  );
}

/** The order's own page in Orders and payments: its payments, gateway notifications, reconciliation. */
function OrderLink({ companyId, orderId }: { companyId: number; orderId: number }) {
  const { t } = useTranslation('adminCustomers');
  return (
    <Anchor
      component={Link}
      to={adminHref(companyId, `orders/${orderId}`)}
      aria-label={t('customer.orders.open', { id: orderId })}
      className={ui.nowrap}
    >
      #{orderId}
    </Anchor>
  );
}

function Orders({ detail, name, companyId }: { detail: CustomerDetail; name: string; companyId: number }) {
  const { t, i18n } = useTranslation('adminCustomers');
  if (detail.orders.length === 0) return <Empty text={t('customer.noOrders')} />;
  const link = (o: CustomerOrder) => <OrderLink companyId={companyId} orderId={o.id} />;
  const kind = (o: CustomerOrder) =>
    o.kind >= 1 && o.kind <= 5 ? t(`customer.orders.kinds.${o.kind as 1 | 2 | 3 | 4 | 5}`) : String(o.kind);
  return (
    <>
      <Rows
        rows={detail.orders}
        label={t('customer.orders.tableLabel', { name })}
        title={(o) => (
          <>
            {link(o)} · {kind(o)}
          </>
        )}
        columns={[
          { label: t('customer.orders.number'), cell: link },
          { label: t('customer.orders.kind'), cell: kind },
          { label: t('customer.orders.product'), cell: (o) => o.productName },
          { label: t('customer.orders.status'), cell: (o) => o.status },
          { label: t('customer.orders.total'), cell: (o) => formatMoney(o.total, o.currency), numeric: true },
          { label: t('customer.orders.created'), cell: (o) => formatDate(o.createdAt, i18n.language) },
          {
            label: t('customer.orders.paid'),
            cell: (o) => (o.paidAt ? formatDate(o.paidAt, i18n.language) : t('customer.orders.notPaid')),
          },
        ]}
      />
      <Newest shown={detail.orders.length} total={detail.totals.orders} />
    </>
  );
}

function OpenInvoice({ invoice }: { invoice: CustomerInvoice }) {
  const { t } = useTranslation('adminCustomers');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function open() {
    setBusy(true);
    setError(null);
    // Opened at once (in the click) so the browser does not take it for a pop-up; filled when the PDF is here.
    const win = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await downloadFile(invoice.pdfPath, inConsole));
      if (win) win.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      win?.close();
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-sm"
        variant="default"
        leftSection={<IconFileTypePdf size={14} aria-hidden />}
        loading={busy}
        onClick={() => void open()}
        aria-label={t('customer.invoices.openLabel', { number: invoice.number })}
      >
        {t('customer.invoices.open')}
      </Button>
      {error && (
        <Text className={classes.error} role="alert">
          {t('customer.invoices.openFailed', { message: error })}
        </Text>
      )}
    </Stack>
  );
}

function Invoices({ detail, name, companyId }: { detail: CustomerDetail; name: string; companyId: number }) {
  const { t, i18n } = useTranslation('adminCustomers');
  if (detail.invoices.length === 0) return <Empty text={t('customer.noInvoices')} />;
  return (
    <>
      <Rows
        rows={detail.invoices}
        label={t('customer.invoices.tableLabel', { name })}
        title={(i) => `${t('customer.invoices.number')} ${i.number}`}
        columns={[
          {
            label: t('customer.invoices.number'),
            cell: (i) => (
              <Group gap={6} wrap="nowrap">
                <span>{i.number}</span>
                {i.proforma && (
                  <Badge size="xs" variant="outline" color="gray.7">
                    {t('customer.invoices.proforma')}
                  </Badge>
                )}
              </Group>
            ),
          },
          { label: t('customer.invoices.order'), cell: (i) => <OrderLink companyId={companyId} orderId={i.orderId} /> },
          { label: t('customer.invoices.mode'), cell: (i) => i.paymentMode },
          { label: t('customer.invoices.total'), cell: (i) => formatMoney(i.total, i.currency), numeric: true },
          { label: t('customer.invoices.issued'), cell: (i) => formatDate(i.issuedAt, i18n.language) },
          { label: t('customer.invoices.open'), cell: (i) => <OpenInvoice invoice={i} /> },
        ]}
      />
      <Newest shown={detail.invoices.length} total={detail.totals.invoices} />
    </>
  );
}

function Tickets({ detail, name, companyId }: { detail: CustomerDetail; name: string; companyId: number }) {
  const { t, i18n } = useTranslation('adminCustomers');
  if (detail.tickets.length === 0) return <Empty text={t('customer.noTickets')} />;
  const link = (ticket: CustomerTicket) => (
    <Anchor
      component={Link}
      to={adminHref(companyId, `tickets/${ticket.id}`)}
      aria-label={t('customer.tickets.open', { id: ticket.id })}
      className={ui.nowrap}
    >
      #{ticket.id}
    </Anchor>
  );
  return (
    <>
      <Rows
        rows={detail.tickets}
        label={t('customer.tickets.tableLabel', { name })}
        title={link}
        columns={[
          { label: t('customer.tickets.number'), cell: link },
          { label: t('customer.tickets.issue'), cell: (tk) => tk.issueType },
          {
            label: t('customer.tickets.status'),
            cell: (tk) => (
              <Badge variant="outline" color={tk.status === 'Resolved' ? 'teal.9' : 'gray.7'}>
                {tk.status}
              </Badge>
            ),
          },
          {
            label: t('customer.tickets.summary'),
            cell: (tk) => (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {tk.summary}
              </Text>
            ),
          },
          { label: t('customer.tickets.responses'), cell: (tk) => tk.responses, numeric: true },
          { label: t('customer.tickets.created'), cell: (tk) => formatDate(tk.createdAt, i18n.language) },
        ]}
      />
      <Newest shown={detail.tickets.length} total={detail.totals.tickets} />
    </>
  );
}

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
                <AccountControls companyId={companyId} profile={detail.profile} name={name} />
                <CustomerPrivacySection companyId={companyId} profile={detail.profile} name={name} />
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
