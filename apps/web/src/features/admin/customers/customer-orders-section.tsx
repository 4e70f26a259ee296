import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerDetail, CustomerOrder } from '@mawingu/contracts/admin/customers';
import { formatDate } from '../../../lib/format-date.ts';
import { formatMoney } from '../../../lib/money.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { Empty, Newest, Rows } from './customer-rows.tsx';
import ui from '../shell/console.module.css';

/** The order's own page in Orders and payments: its payments, gateway notifications, reconciliation. */
export function OrderLink({ companyId, orderId }: { companyId: number; orderId: number }) {
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

export function Orders({ detail, name, companyId }: { detail: CustomerDetail; name: string; companyId: number }) {
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
