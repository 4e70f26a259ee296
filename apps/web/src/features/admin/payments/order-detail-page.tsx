import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Card, Group, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GatewayEventRow, OrderDetail } from '@mawingu/contracts/admin/payments';
import { rateLine } from '@mawingu/contracts/pricing/rate-text';
import '@mantine/core/styles/Table.css';
import { formatDate } from '../../../lib/format-date.ts';
import { formatMoney } from '../../../lib/money.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { FactList } from '../shell/fact-list.tsx';
import { useGatewayName } from '../shell/gateway-name.ts';
import { QueryState } from '../shell/query-state.tsx';
import { openInvoicePdf, useCanManagePayments, useOrder } from './payments-api.ts';
import { CreditNotesSection } from './credit-notes-section.tsx';
import { ReconcileDialog } from './reconcile-dialog.tsx';
import { OrderStatusBadge, PAID_GREEN } from './status-badge.tsx';
import ui from '../shell/console.module.css';
import classes from './payments.module.css';

function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4" id={id}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

// Filled badges in shades whose white text passes AA contrast.
const OUTCOME_COLORS: Record<string, string> = {
  paid: 'teal.9',
  failed: 'red.9',
  cancelled: 'dark.5',
  pending: 'blue.8',
  refused: 'red.9',
  retry: '#a63d00',
  duplicate: 'gray.7',
  refunded: 'grape.9',
};

function EventItem({ event }: { event: GatewayEventRow }) {
  const { t, i18n } = useTranslation('adminPayments');
  const gateway = useGatewayName('adminPayments')(event.gateway);
  return (
    <li>
      <Card withBorder radius="sm" padding="sm" data-testid="gateway-event" data-channel={event.channel} data-outcome={event.outcome}>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {gateway} · {t(`detail.channel.${event.channel}` as 'detail.channel.notification', { defaultValue: event.channel })}
            </Text>
            <Text size="xs" c="gray.7">
              {formatDate(event.receivedAt, i18n.language, { withTime: true })}
            </Text>
          </Group>
          <Group gap={6}>
            <Badge color={OUTCOME_COLORS[event.outcome] ?? 'gray.7'} variant="filled" radius="sm">
              {t(`detail.outcome.${event.outcome}` as 'detail.outcome.paid', { defaultValue: event.outcome })}
            </Badge>
            {event.channel === 'manual' ? (
              <Badge color="grape.9" variant="outline" radius="sm">
                {t('detail.byOperator')}
              </Badge>
            ) : (
              <Badge color={event.verified ? 'teal.9' : 'gray.7'} variant="outline" radius="sm">
                {event.verified ? t('detail.verified') : t('detail.notVerified')}
              </Badge>
            )}
          </Group>
          {event.reason && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span c="gray.7" size="sm">
                {t('detail.reason')}:{' '}
              </Text>
              {event.reason}
            </Text>
          )}
          <details className={classes.payload}>
            <summary>{t('detail.showPayload')}</summary>
            <pre aria-label={t('detail.payloadLabel', { id: event.id })} tabIndex={0}>
              {JSON.stringify(event.payload, null, 2)}
            </pre>
          </details>
        </Stack>
      </Card>
    </li>
  );
}

function Amounts({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('adminPayments');
  const money = (amount: string) => formatMoney(amount, order.currency);
  return (
    <Stack gap="sm">
      {order.lines.length > 0 && (
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('detail.linesLabel') }}>
          <Table fz="sm" verticalSpacing="xs" horizontalSpacing="sm" aria-label={t('detail.linesLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.item')}</Table.Th>
                <Table.Th ta="right">{t('detail.size')}</Table.Th>
                <Table.Th ta="right">{t('detail.unitCost')}</Table.Th>
                <Table.Th ta="right">{t('detail.discountPercent')}</Table.Th>
                <Table.Th ta="right">{t('detail.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((l, n) => (
                <Table.Tr key={n}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td ta="right" className={ui.numeric}>
                    {l.count} {l.unit}
                  </Table.Td>
                  <Table.Td ta="right" className={ui.numeric}>
                    {l.costPerUnit}
                  </Table.Td>
                  <Table.Td ta="right" className={ui.numeric}>
                    {l.discountPercent} %
                  </Table.Td>
                  <Table.Td ta="right" className={ui.numeric}>
                    {money(l.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <dl className={classes.totals} data-testid="order-totals">
        <dt>{t('detail.price')}</dt>
        <dd>{money(order.price)}</dd>
        <dt>{t('detail.discount')}</dt>
        <dd>{Number(order.discount) > 0 ? `-${money(order.discount)}` : money(order.discount)}</dd>
        {order.arrears !== '0.00' && (
          <>
            <dt>{t('detail.arrears')}</dt>
            <dd>{money(order.arrears)}</dd>
          </>
        )}
        <dt>{t('detail.tax', { percent: order.taxPercent })}</dt>
        <dd>{money(order.tax)}</dd>
        <dt className={classes.grandTotal}>{t('detail.total')}</dt>
        <dd className={classes.grandTotal} data-testid="order-total">
          {money(order.total)}
        </dd>
        {order.charged && (
          // Paid in another currency (PayPal's USD for a rand order): what was charged and the rate, as recorded (ADR 0096).
          <>
            <dt>{t('detail.charged')}</dt>
            <dd data-testid="order-charged">{formatMoney(order.charged.amount, order.charged.currencyCode)}</dd>
            <dt>{t('detail.rate')}</dt>
            <dd data-testid="order-rate">
              {order.charged.rate === null
                ? t('detail.rateUnknown')
                : rateLine(order.currency, order.charged.currencyCode, order.charged.rate)}
            </dd>
          </>
        )}
      </dl>
    </Stack>
  );
}

function Attempts({ order, canManage, onClose }: { order: OrderDetail; canManage: boolean; onClose: (attemptId: number) => void }) {
  const { t, i18n } = useTranslation('adminPayments');
  const gatewayName = useGatewayName('adminPayments');
  if (order.attempts.length === 0) return <Text size="sm">{t('detail.noAttempts')}</Text>;
  return (
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('detail.attemptsLabel') }}>
      <Table fz="sm" verticalSpacing="xs" horizontalSpacing="sm" aria-label={t('detail.attemptsLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('detail.attempt')}</Table.Th>
            <Table.Th>{t('orders.gateway')}</Table.Th>
            <Table.Th>{t('detail.reference')}</Table.Th>
            <Table.Th ta="right">{t('detail.amount')}</Table.Th>
            <Table.Th>{t('orders.status')}</Table.Th>
            <Table.Th>{t('orders.date')}</Table.Th>
            {canManage && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.attempts.map((a) => (
            <Table.Tr key={a.id} data-testid="payment-attempt" data-status={a.status}>
              <Table.Td className={ui.nowrap}>#{a.id}</Table.Td>
              <Table.Td className={ui.nowrap}>
                {gatewayName(a.gateway)} {/* Known once the gateway answered: a test (sandbox) payment gives a proforma invoice. */}
                {a.test && (
                  <Badge size="xs" variant="outline" color="gray.7">
                    {t('detail.test')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <span className={classes.reference}>{a.reference}</span>
                {a.gatewayReference && (
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {t('detail.gatewayReference')}: {a.gatewayReference}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" className={ui.numeric}>
                {formatMoney(a.amount, a.currency)}
                {a.exchangeRate !== null && (
                  <Text size="xs" c="gray.7" className={ui.nowrap}>
                    {rateLine(order.currency, a.currency, a.exchangeRate)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={ui.nowrap}>
                <OrderStatusBadge status={a.status} />
                {a.gatewayStatus && (
                  <Text size="xs" c="gray.7">
                    {a.gatewayStatus}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={ui.nowrap}>{formatDate(a.createdAt, i18n.language, { withTime: true })}</Table.Td>
              {canManage && (
                <Table.Td>
                  {a.status === 'started' && !order.paidAt && (
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => onClose(a.id)}
                      aria-label={t('detail.closeAttemptOf', { id: a.id })}
                    >
                      {t('detail.closeAttempt')}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function OrderView({ companyId, order }: { companyId: number; order: OrderDetail }) {
  const { t, i18n } = useTranslation('adminPayments');
  const canManage = useCanManagePayments();
  const [dialog, setDialog] = useState<null | { action: 'paid' | 'failed'; attemptId?: number }>(null);
  const gateway = useGatewayName('adminPayments')(order.gateway);
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language, { withTime: true }) : t('detail.notPaid'));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <Title order={2}>{t('detail.title', { id: order.id })}</Title>
          <OrderStatusBadge status={order.status} />
        </Group>
        {canManage && !order.paidAt && (
          <Button onClick={() => setDialog({ action: 'paid' })} color={PAID_GREEN}>
            {t('detail.reconcile')}
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section id="order-summary" title={t('detail.summary')}>
          <FactList
            facts={[
              [t('orders.product'), order.productName],
              [t('orders.kind'), t(`kind.${order.kind}` as 'kind.1')],
              [t('detail.region'), order.regionName],
              [t('detail.period'), t('detail.days', { count: order.days })],
              [t('orders.gateway'), gateway],
              [t('detail.created'), date(order.createdAt)],
              [t('detail.paid'), date(order.paidAt)],
              [t('detail.reference'), <span className={classes.reference}>{order.reference}</span>],
            ]}
          />
        </Section>
        <Section id="order-customer" title={t('detail.customerTitle')}>
          <FactList
            facts={[
              [t('detail.name'), order.customer.name],
              [t('detail.email'), order.customer.email],
              [t('detail.company'), order.customer.companyName || t('common.none')],
            ]}
          />
        </Section>
      </SimpleGrid>

      <Section id="order-amounts" title={t('detail.amounts')}>
        <Amounts order={order} />
      </Section>

      <Section
        id="order-invoice"
        title={t('detail.invoice')}
        action={
          order.invoice && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconFileInvoice size={16} aria-hidden />}
              onClick={() => void openInvoicePdf(companyId, order.id).catch((error: unknown) => showErrorToast((error as Error).message))}
            >
              {t('detail.openInvoice')}
            </Button>
          )
        }
      >
        {order.invoice ? (
          <Group gap="xs">
            <Text size="sm" data-testid="invoice-number">
              {t('detail.invoiceNumber', { number: order.invoice.serialNumber })} · {order.invoice.paymentMode} ·{' '}
              {formatDate(order.invoice.issuedAt, i18n.language)}
            </Text>
            {order.invoice.proforma && (
              <Badge size="sm" variant="outline" color="gray.7">
                {t('detail.proforma')}
              </Badge>
            )}
          </Group>
        ) : (
          <Text size="sm">{t('detail.noInvoice')}</Text>
        )}
        {order.invoice && <CreditNotesSection companyId={companyId} orderId={order.id} canManage={canManage} />}
      </Section>

      <Section id="order-attempts" title={t('detail.attemptsTitle')}>
        <Attempts order={order} canManage={canManage} onClose={(attemptId) => setDialog({ action: 'failed', attemptId })} />
      </Section>

      <Section id="order-events" title={t('detail.events')}>
        <Text size="sm" c="gray.7">
          {t('detail.eventsIntro')}
        </Text>
        {order.events.length === 0 ? (
          <Text size="sm">{t('detail.noEvents')}</Text>
        ) : (
          <ul className={classes.events}>
            {[...order.events].reverse().map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </ul>
        )}
      </Section>

      {dialog && (
        <ReconcileDialog
          companyId={companyId}
          order={order}
          initialAction={dialog.action}
          initialAttemptId={dialog.attemptId}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

/** /admin/c/:companyId/orders/:orderId — one order with its attempts, the gateways' messages and reconciliation. */
export default function OrderDetailPage() {
  const { t } = useTranslation('adminPayments');
  const companyId = useScopedCompanyId();
  const orderId = Number(useParams().orderId);
  const query = useOrder(companyId, orderId);
  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to={adminHref(companyId, 'orders')} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('detail.back')}
        </Group>
      </Anchor>
      <QueryState area="adminPayments" query={query} rows={5}>
        {(order) => <OrderView companyId={companyId} order={order} />}
      </QueryState>
    </Stack>
  );
}
