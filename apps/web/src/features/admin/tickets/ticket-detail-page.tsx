import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconTicketOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminTicketDetail, AdminTicketResponse } from '@mawingu/contracts/admin/tickets';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { ApiError } from '../../../api/api-error.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { QueryState } from '../shell/query-state.tsx';
import { AttachmentButtons } from './attachment-buttons.tsx';
import { ReplyForm } from './reply-form.tsx';
import { TicketStatusBadge } from './ticket-status-badge.tsx';
import { InternalNotes, TriageControls } from './triage-panel.tsx';
import { useTicketDetail } from './tickets-api.ts';
import classes from './tickets.module.css';

function CustomerRequest({ ticket }: { ticket: AdminTicketDetail }) {
  const { t, i18n } = useTranslation('adminTickets');
  return (
    <Card withBorder radius="md" padding="md" className={classes.customerMessage} component="article" aria-label={t('detail.request')}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {t('detail.customerWrote', { name: ticket.customer.name || ticket.customer.email })}
          </Text>
          <Text size="xs" c="gray.7">
            {formatDate(ticket.createdAt, i18n.language, { withTime: true })}
          </Text>
        </Group>
        <Text size="sm" className={classes.text}>
          {ticket.description}
        </Text>
        <AttachmentButtons attachments={ticket.attachments} />
      </Stack>
    </Card>
  );
}

/** An operator's answer, or the customer's reply below it (issue 17, point 4). */
function ConversationMessage({ response, shownOnSite }: { response: AdminTicketResponse; shownOnSite: boolean }) {
  const { t, i18n } = useTranslation('adminTickets');
  const fromCustomer = response.author === 'customer';
  const heading = fromCustomer
    ? t('detail.customerReplied', { name: response.answeredBy })
    : t('detail.responseBy', { name: response.answeredBy });
  let footnote = t('detail.sentByMail');
  if (fromCustomer) footnote = t('detail.repliedOnSite');
  else if (shownOnSite) footnote = t('detail.shownOnSite');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={fromCustomer ? classes.customerMessage : classes.operatorMessage}
      component="article"
      aria-label={heading}
      data-testid="ticket-response"
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text fw={600} size="sm">
              {heading}
            </Text>
            {!fromCustomer && <TicketStatusBadge status={response.status} size="sm" />}
          </Group>
          <Text size="xs" c="gray.7">
            {formatDate(response.createdAt, i18n.language, { withTime: true })}
          </Text>
        </Group>
        <Text size="sm" className={classes.text}>
          {response.response}
        </Text>
        <AttachmentButtons attachments={response.attachments} />
        <Text size="xs" c="gray.7">
          {footnote}
        </Text>
      </Stack>
    </Card>
  );
}

function TicketView({ companyId, ticket }: { companyId: number; ticket: AdminTicketDetail }) {
  const { t, i18n } = useTranslation('adminTickets');
  // The customer's ticket page shows the first operator answer in its Ticket Response tab (spec).
  const firstAnswerId = ticket.responses.find((r) => r.author === 'operator')?.responseId;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={2}>{t('detail.title', { id: ticket.ticketId })}</Title>
          <TicketStatusBadge status={ticket.status} size="lg" />
        </Group>
        <Text fw={600}>{ticket.issueType}</Text>
        <dl className={classes.facts}>
          <dt>{t('detail.customer')}</dt>
          <dd>
            <Anchor component={Link} to={adminHref(companyId, `customers/${ticket.customer.id}`)} size="sm">
              {ticket.customer.name || ticket.customer.email}
            </Anchor>{' '}
            · {ticket.customer.email}
          </dd>
          <dt>{t('detail.raised')}</dt>
          <dd>{formatDate(ticket.createdAt, i18n.language, { withTime: true })}</dd>
        </dl>
        <TriageControls companyId={companyId} ticket={ticket} />
      </Stack>
      <section aria-labelledby="conversation-title">
        <Title order={3} size="h4" id="conversation-title" mb="sm">
          {t('detail.conversation')}
        </Title>
        <ol className={classes.conversation}>
          <li>
            <CustomerRequest ticket={ticket} />
          </li>
          {ticket.responses.map((response) => (
            <li key={response.responseId}>
              <ConversationMessage response={response} shownOnSite={response.responseId === firstAnswerId} />
            </li>
          ))}
        </ol>
        {ticket.responses.length === 0 && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />} mt="md">
            {t('detail.noResponseYet')}
          </Alert>
        )}
      </section>
      <ReplyForm
        key={`${ticket.ticketId}-${ticket.responses.length}`}
        companyId={companyId}
        ticketId={ticket.ticketId}
        currentStatus={ticket.status}
      />
      <InternalNotes companyId={companyId} ticket={ticket} />
    </Stack>
  );
}

/** /admin/c/:companyId/tickets/:ticketId — one ticket, its conversation and the answer form. */
export default function TicketDetailPage() {
  const { t } = useTranslation('adminTickets');
  const companyId = useScopedCompanyId();
  const { ticketId: raw = '' } = useParams();
  const ticketId = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const query = useTicketDetail(companyId, ticketId);
  const notFound = ticketId === 0 || (query.error instanceof ApiError && query.error.status === 404);

  return (
    <Stack gap="md" maw={960}>
      <Group>
        <Button
          component={Link}
          to={adminHref(companyId, 'tickets')}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} aria-hidden />}
        >
          {t('detail.back')}
        </Button>
      </Group>
      {notFound ? (
        <EmptyState icon={IconTicketOff} title={t('detail.notFound')} text={t('detail.notFoundText')} />
      ) : (
        <QueryState area="adminTickets" query={query} rows={3} height={120}>
          {(ticket) => <TicketView companyId={companyId} ticket={ticket} />}
        </QueryState>
      )}
    </Stack>
  );
}
