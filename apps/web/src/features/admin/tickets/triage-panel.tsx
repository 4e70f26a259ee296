import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TICKET_PRIORITIES, type AdminTicketDetail, type TicketPriority } from '@mawingu/contracts/admin/tickets';
import { ApiError } from '../../../api/api-error.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useAddTicketNote, useUpdateTicket } from './tickets-api.ts';
import classes from './tickets.module.css';

const UNASSIGNED = '';

/** Priority and assignee of the ticket, set by an operator (issue 17, point 4). */
export function TriageControls({ companyId, ticket }: { companyId: number; ticket: AdminTicketDetail }) {
  const { t } = useTranslation('adminTickets');
  const update = useUpdateTicket(companyId, ticket.ticketId);
  const save = (body: Parameters<typeof update.mutate>[0]) =>
    update.mutate(body, {
      onSuccess: () => showSuccessToast(t('triage.saved')),
      onError: (error) => showErrorToast(error instanceof ApiError ? error.message : t('triage.failed')),
    });
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label={t('triage.priority')}
        data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
        value={ticket.priority}
        allowDeselect={false}
        onChange={(value) => value && save({ priority: value as TicketPriority })}
        disabled={update.isPending}
        w={180}
      />
      <Select
        label={t('triage.assignee')}
        data={[
          { value: UNASSIGNED, label: t('triage.unassigned') },
          ...ticket.assignable.map((o) => ({ value: String(o.id), label: o.name })),
        ]}
        value={ticket.assignee ? String(ticket.assignee.id) : UNASSIGNED}
        allowDeselect={false}
        onChange={(value) => value !== null && save({ assignedOperatorId: value === UNASSIGNED ? null : Number(value) })}
        disabled={update.isPending}
        w={240}
      />
    </Group>
  );
}

/** Operators' internal notes: listed and added here, never shown to the customer. */
export function InternalNotes({ companyId, ticket }: { companyId: number; ticket: AdminTicketDetail }) {
  const { t, i18n } = useTranslation('adminTickets');
  const add = useAddTicketNote(companyId, ticket.ticketId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    add.mutate(note, {
      onSuccess: () => {
        setNote('');
        showSuccessToast(t('notes.added'));
      },
      onError: (e) => setError(e instanceof ApiError ? (e.fieldErrors?.note ?? e.message) : t('triage.failed')),
    });
  };
  return (
    <section aria-labelledby="notes-title">
      <Card withBorder radius="md" padding="md" className={classes.noteCard}>
        <Stack gap="sm">
          <Title order={3} size="h4" id="notes-title">
            {t('notes.title')}
          </Title>
          <Text size="xs" c="gray.7">
            {t('notes.hint')}
          </Text>
          {ticket.notes.map((n) => (
            <Stack key={n.noteId} gap={2} data-testid="ticket-note">
              <Text size="xs" c="gray.7">
                {n.writtenBy} · {formatDate(n.createdAt, i18n.language, { withTime: true })}
              </Text>
              <Text size="sm" className={classes.text}>
                {n.note}
              </Text>
            </Stack>
          ))}
          <form onSubmit={submit} noValidate>
            <Stack gap="xs">
              <Textarea label={t('notes.label')} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={error} rows={3} />
              <Group>
                <Button type="submit" variant="light" loading={add.isPending}>
                  {t('notes.add')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Card>
    </section>
  );
}
