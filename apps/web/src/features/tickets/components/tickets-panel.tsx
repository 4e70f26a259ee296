import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconLifebuoy, IconPaperclip } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TicketSummary } from '@mawingu/contracts/tickets';
import { useAllUserTickets } from '../../../api/tickets/get-all-user-ticket.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { TicketStatusBadge } from './ticket-status-badge.tsx';
import classes from './tickets.module.css';

function TicketItem({ ticket }: { ticket: TicketSummary }) {
  const { t, i18n } = useTranslation('tickets');
  const files = ticket.attachment.length;
  return (
    <Card
      component={Link}
      to={paths.ticketDetails.getHref(ticket.ticketID)}
      padding="md"
      className={classes.item}
      aria-label={t('panel.openTicket', { id: ticket.ticketID, issueType: ticket.issueType, status: ticket.ticketStatus })}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} lh={1.3}>
            {ticket.issueType}
          </Text>
          <Text size="xs" c="dimmed">
            {t('panel.number', { id: ticket.ticketID })} · {formatDate(ticket.ticketDate, i18n.language)}
          </Text>
        </Stack>
        <TicketStatusBadge status={ticket.ticketStatus} />
      </Group>
      <Text size="sm" mt="xs" lineClamp={2} className={classes.description}>
        {ticket.description}
      </Text>
      {files > 0 && (
        <Group gap={4} mt="xs" c="dimmed">
          <IconPaperclip size={14} stroke={1.8} aria-hidden />
          <Text size="xs" c="dimmed">
            {t('panel.attachments', { count: files })}
          </Text>
        </Group>
      )}
    </Card>
  );
}

/** The Tickets tab of the account page: the customer's tickets, newest first; each opens its details. */
export function TicketsPanel() {
  const { t } = useTranslation('tickets');
  const specText = useSpecTextIn('tickets');
  const tickets = useAllUserTickets();

  if (tickets.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={96} radius="md" />
        ))}
      </Stack>
    );
  }
  const reply = tickets.data;
  if (!reply?.data) {
    return (
      <Alert color="red" variant="light" title={t('panel.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {reply?.message && <Text size="sm">{specText(reply.message)}</Text>}
          <Button size="xs" variant="default" onClick={() => void tickets.refetch()}>
            {t('panel.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (reply.data.length === 0) {
    return <EmptyState icon={IconLifebuoy} title={t('panel.empty')} text={t('panel.emptyText')} />;
  }
  return (
    <Stack gap="sm" component="ul" aria-label={t('panel.listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {reply.data.map((ticket) => (
        <li key={ticket.ticketID}>
          <TicketItem ticket={ticket} />
        </li>
      ))}
    </Stack>
  );
}
