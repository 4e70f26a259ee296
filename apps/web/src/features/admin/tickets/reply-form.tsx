import { useState, type FormEvent } from 'react';
import { Button, Card, FileInput, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ANSWER_ATTACHMENT_ACCEPT } from '@mawingu/contracts/admin/tickets';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_DESCRIPTION_MAX, TICKET_MAX_ATTACHMENTS, TICKET_STATUSES } from '@mawingu/contracts/tickets';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useAnswerTicket, useCannedReplies } from './tickets-api.ts';

const STATUS_KEYS = { Open: 'open', 'In Progress': 'inProgress', Resolved: 'resolved', Closed: 'closed' } as const;

type Errors = Partial<Record<'response' | 'status' | 'attachments' | 'form', string>>;

/**
 * The operator's answer: the text, the ticket's new status and up to four files. The customer is
 * notified and e-mailed by the API; the API's refusals show under the fields they name.
 */
export function ReplyForm({ companyId, ticketId, currentStatus }: { companyId: number; ticketId: number; currentStatus: string }) {
  const { t } = useTranslation('adminTickets');
  const answer = useAnswerTicket(companyId, ticketId);
  const saved = useCannedReplies(companyId).data ?? [];
  const [response, setResponse] = useState('');
  const [status, setStatus] = useState<string | null>(
    (TICKET_STATUSES as readonly string[]).includes(currentStatus) ? currentStatus : 'In Progress',
  );
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const chooseFiles = (chosen: File[]) => {
    // The limits the API applies, checked as the files are chosen (the API also checks what they are).
    const large = chosen.find((f) => f.size > TICKET_ATTACHMENT_MAX_BYTES);
    if (chosen.length > TICKET_MAX_ATTACHMENTS || large) {
      setErrors((e) => ({
        ...e,
        attachments: large ? t('reply.fileTooLarge', { name: large.name }) : t('reply.tooManyFiles', { max: TICKET_MAX_ATTACHMENTS }),
      }));
      return;
    }
    setErrors((e) => ({ ...e, attachments: undefined }));
    setFiles(chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Errors = {};
    if (response.trim() === '') local.response = t('reply.responseRequired');
    if (!status) local.status = t('reply.statusRequired');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    answer.mutate(
      { response, status: status!, files },
      {
        onSuccess: () => {
          showSuccessToast(t('reply.sent'));
          setResponse('');
          setFiles([]);
          setErrors({});
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
          else setErrors({ form: error instanceof Error ? error.message : t('common.failed') });
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reply-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={3} size="h4" id="reply-title">
              {t('reply.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('reply.intro')}
            </Text>
          </div>
          <Select
            label={t('reply.insertSaved')}
            description={t('reply.insertSavedHint')}
            placeholder={saved.length === 0 ? t('reply.noSaved') : t('reply.chooseSaved')}
            data={saved.map((r) => ({ value: String(r.id), label: r.title }))}
            value={null}
            onChange={(id) => {
              const chosen = saved.find((r) => String(r.id) === id);
              if (chosen) setResponse((text) => (text.trim() === '' ? chosen.body : `${text.trimEnd()}\n\n${chosen.body}`));
            }}
            disabled={answer.isPending || saved.length === 0}
            searchable
            maw={420}
          />
          <Textarea
            label={t('reply.response')}
            required
            autosize
            minRows={4}
            maxRows={14}
            maxLength={TICKET_DESCRIPTION_MAX}
            value={response}
            onChange={(event) => setResponse(event.currentTarget.value)}
            error={errors.response}
            disabled={answer.isPending}
          />
          <Group grow align="flex-start" wrap="wrap" gap="md" preventGrowOverflow={false}>
            <Select
              label={t('reply.status')}
              required
              data={TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${STATUS_KEYS[s]}`) }))}
              value={status}
              onChange={setStatus}
              allowDeselect={false}
              error={errors.status}
              disabled={answer.isPending}
              miw={200}
            />
            <FileInput
              label={t('reply.files')}
              description={t('reply.filesHint', { max: TICKET_MAX_ATTACHMENTS })}
              placeholder={t('reply.filesPlaceholder')}
              // Mantine's placeholder grey is below 4.5:1; gray.7 passes AA.
              styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
              multiple
              clearable
              accept={ANSWER_ATTACHMENT_ACCEPT}
              leftSection={<IconPaperclip size={16} aria-hidden />}
              value={files}
              onChange={chooseFiles}
              error={errors.attachments}
              disabled={answer.isPending}
              clearButtonProps={{ 'aria-label': t('reply.clearFiles') }}
              miw={240}
            />
          </Group>
          {errors.form && (
            <Text c="red.9" size="sm" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={answer.isPending}>
              {t('reply.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
