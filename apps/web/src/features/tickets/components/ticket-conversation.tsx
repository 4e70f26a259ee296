import { Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { replyToTicketRequest, TICKET_DESCRIPTION_MAX, type TicketDetail } from '@mawingu/contracts/tickets';
import { useReplyToTicket } from '../../../api/tickets/reply-to-ticket.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { AttachmentLinks } from './attachment-links.tsx';
import { TicketStatusBadge } from './ticket-status-badge.tsx';
import classes from './tickets.module.css';

type ReplyFields = { message: string };

/**
 * Below the spec's two tabs (issue 17, point 4): the rest of the ticket's conversation, oldest
 * first, and the customer's reply. A reply to a resolved ticket opens it again (the server decides).
 */
export function TicketConversation({ ticket }: { ticket: TicketDetail }) {
  const { t, i18n } = useTranslation('tickets');
  const specText = useSpecTextIn('tickets');
  const send = useReplyToTicket();
  const form = useForm<ReplyFields>({
    resolver: zodResolver(replyToTicketRequest.pick({ message: true })),
    defaultValues: { message: '' },
  });
  const error = form.formState.errors.message?.message;

  const onSubmit = form.handleSubmit(async ({ message }) => {
    const reply = await send.mutateAsync({ ticketID: ticket.ticketID, message });
    if (reply.status === 200) {
      showSuccessToast(specText(reply.message));
      form.reset({ message: '' });
      return;
    }
    const fieldError = reply.data?.fieldErrors?.message;
    if (fieldError) form.setError('message', { message: fieldError });
    else showErrorToast(specText(reply.message));
  });

  return (
    <Stack gap="md" mt="xl">
      <Title order={2} size="h3">
        {t('conversation.title')}
      </Title>
      {ticket.conversation.length > 0 && (
        <ol className={classes.conversation} aria-label={t('conversation.title')}>
          {ticket.conversation.map((message, i) => (
            <li key={`${message.date}-${i}`} className={message.from === 'customer' ? classes.fromCustomer : classes.fromSupport}>
              <Card padding="md" withBorder>
                <Group justify="space-between" gap="xs" mb={6}>
                  <Group gap="xs">
                    <Badge variant="light" color={message.from === 'customer' ? 'gray' : 'blue'} tt="none">
                      {message.from === 'customer' ? t('conversation.you') : t('conversation.support')}
                    </Badge>
                    {message.from === 'operator' && <TicketStatusBadge status={message.ticketStatus} />}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {formatDate(message.date, i18n.language, { withTime: true })}
                  </Text>
                </Group>
                <Text className={classes.messageText}>{message.message}</Text>
                {message.attachment.length > 0 && <AttachmentLinks attachments={message.attachment} />}
              </Card>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <Textarea
            label={t('conversation.replyLabel')}
            placeholder={t('conversation.replyPlaceholder')}
            rows={4}
            resize="vertical"
            maxLength={TICKET_DESCRIPTION_MAX}
            error={error && specText(error)}
            {...form.register('message')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending}>
              {t('conversation.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
