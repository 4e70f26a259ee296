import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Card, Container, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMessageCircle, IconTicketOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import type { TicketDetail } from '@mawingu/contracts/tickets';
import { useTicketDetail } from '../../../api/tickets/get-ticket-detail-by-id.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { AttachmentLinks } from '../components/attachment-links.tsx';
import { TicketConversation } from '../components/ticket-conversation.tsx';
import { TicketStatusBadge } from '../components/ticket-status-badge.tsx';
import classes from './ticket-details.module.css';

const ticketsTab = paths.customerProfile.getHref(1);

function Fields({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className={classes.fields}>
      {rows.map(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value}</dd>])}
    </dl>
  );
}

function Header({ ticket, id }: { ticket?: TicketDetail; id: string }) {
  const { t } = useTranslation('tickets');
  return (
    <div className={classes.band}>
      <Container py={{ base: 24, sm: 36 }}>
        <Group gap="md" align="flex-start" wrap="nowrap">
          <ActionIcon component={Link} to={ticketsTab} variant="default" size="lg" radius="xl" aria-label={t('details.back')} mt={4}>
            <IconArrowLeft size={18} stroke={1.8} aria-hidden />
          </ActionIcon>
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="sm" align="center">
              <Title order={1} className={classes.title}>
                {t('details.title', { id })}
              </Title>
              {ticket && <TicketStatusBadge status={ticket.ticketStatus} />}
            </Group>
            {ticket && <Text c="dimmed">{ticket.issueType}</Text>}
          </Stack>
        </Group>
      </Container>
    </div>
  );
}

function TicketTabs({ ticket }: { ticket: TicketDetail }) {
  const { t, i18n } = useTranslation('tickets');
  const specText = useSpecTextIn('tickets');
  const [response] = ticket.ticketResponse;
  const when = (iso: string) => formatDate(iso, i18n.language, { withTime: true });

  return (
    <Tabs defaultValue="information" keepMounted={false}>
      <Tabs.List aria-label={t('details.tabsLabel')} mb="md">
        <Tabs.Tab value="information">{t('details.information')}</Tabs.Tab>
        <Tabs.Tab value="response">{t('details.response')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="information">
        <Card padding="lg">
          <Fields
            rows={[
              [t('details.date'), <Text key="d">{when(ticket.ticketDate)}</Text>],
              [
                t('details.titleLabel'),
                <Text key="t" fw={600}>
                  {ticket.issueType}
                </Text>,
              ],
              [
                t('details.description'),
                <Text key="x" className={classes.text}>
                  {ticket.description}
                </Text>,
              ],
              [t('details.attachments'), <AttachmentLinks key="a" attachments={ticket.attachment} />],
            ]}
          />
        </Card>
      </Tabs.Panel>
      <Tabs.Panel value="response">
        <Card padding="lg">
          {response ? (
            <Fields
              rows={[
                [t('details.date'), <Text key="d">{when(response.responseDate)}</Text>],
                [t('details.status'), <TicketStatusBadge key="s" status={response.ticketStatus} />],
                [
                  t('details.description'),
                  <Text key="x" className={classes.text}>
                    {response.response}
                  </Text>,
                ],
                [t('details.attachments'), <AttachmentLinks key="a" attachments={response.attachment} />],
              ]}
            />
          ) : (
            <EmptyState icon={IconMessageCircle} title={specText(messages.noTicketResponse)} />
          )}
        </Card>
      </Tabs.Panel>
    </Tabs>
  );
}

/** /TicketDetails/{ticketID}: the ticket and its first response (spec), then the conversation and a reply (issue 17). */
export default function TicketDetailsPage() {
  const { t } = useTranslation('tickets');
  const specText = useSpecTextIn('tickets');
  const { ticketID = '' } = useParams();
  const id = /^\d{1,9}$/.test(ticketID) ? Number(ticketID) : 0;
  const detail = useTicketDetail(id);
  const reply = detail.data;
  const notFound = id === 0 || reply?.status === 404;

  let body: ReactNode;
  if (notFound) {
    body = (
      <EmptyState icon={IconTicketOff} title={t('details.notFound')} text={t('details.notFoundText')}>
        <Button component={Link} to={ticketsTab} variant="light" mt="sm">
          {t('details.back')}
        </Button>
      </EmptyState>
    );
  } else if (detail.isPending) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={36} width={280} radius="md" />
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  } else if (!reply?.data) {
    body = (
      <Alert color="red" variant="light" title={t('details.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {reply?.message && <Text size="sm">{specText(reply.message)}</Text>}
          <Button size="xs" variant="default" onClick={() => void detail.refetch()}>
            {t('details.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <>
        <TicketTabs ticket={reply.data} />
        <TicketConversation ticket={reply.data} />
      </>
    );
  }

  return (
    <>
      <Header ticket={notFound ? undefined : (reply?.data ?? undefined)} id={ticketID} />
      <Container py={{ base: 24, sm: 36 }} maw={960}>
        {body}
      </Container>
    </>
  );
}
