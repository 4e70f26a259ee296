import { Link } from 'react-router';
import { Anchor, Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerDetail, CustomerTicket } from '@mawingu/contracts/admin/customers';
import { formatDate } from '../../../lib/format-date.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { Empty, Newest, Rows } from './customer-rows.tsx';
import ui from '../shell/console.module.css';

export function Tickets({ detail, name, companyId }: { detail: CustomerDetail; name: string; companyId: number }) {
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
