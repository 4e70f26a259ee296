import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  generateTicketFields,
  TICKET_ATTACHMENTS_FIELD,
  TICKET_DESCRIPTION_MAX,
  type GenerateTicketFields,
} from '@mawingu/contracts/tickets';
import { useTicketIssueTypes } from '../../../api/tickets/get-ticket-issue-type.ts';
import { useGenerateTicket } from '../../../api/tickets/generate-ticket.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { AttachmentPicker } from './attachment-picker.tsx';

type RaiseTicketFormProps = { onDone: () => void; onBusyChange: (busy: boolean) => void };

/**
 * The raise-ticket form (spec sections 5 and 8): issue type and description required with the
 * spec's messages, up to four files under 20 MB each. On success the toast "Ticket submitted
 * successfully" shows and the ticket list refreshes; server field errors go back to their field.
 */
export function RaiseTicketForm({ onDone, onBusyChange }: RaiseTicketFormProps) {
  const { t } = useTranslation('tickets');
  const specText = useSpecTextIn('tickets');
  const issueTypes = useTicketIssueTypes();
  const generate = useGenerateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm<GenerateTicketFields>({
    resolver: zodResolver(generateTicketFields),
    defaultValues: { issueType: '', description: '' },
  });
  const errors = form.formState.errors;
  const busy = generate.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    onBusyChange(true);
    try {
      const result = await generate.mutateAsync({ ...values, files });
      if (result.ok) {
        showSuccessToast(specText(result.reply.message));
        onDone();
        return;
      }
      const fieldErrors = result.reply.data?.fieldErrors ?? {};
      if (fieldErrors.issueType) form.setError('issueType', { message: fieldErrors.issueType });
      if (fieldErrors.description) form.setError('description', { message: fieldErrors.description });
      if (fieldErrors[TICKET_ATTACHMENTS_FIELD]) setFileError(fieldErrors[TICKET_ATTACHMENTS_FIELD]);
      if (Object.keys(fieldErrors).length === 0) showErrorToast(specText(result.reply.message));
    } finally {
      onBusyChange(false);
    }
  });

  const options = issueTypes.data?.data ?? [];
  const typesFailed = issueTypes.isError || (issueTypes.data !== undefined && issueTypes.data.data === null);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('raise.intro')}
        </Text>
        {typesFailed && (
          <Alert color="red" variant="light">
            {t('raise.issueTypesFailed')}
          </Alert>
        )}
        <NativeSelect
          {...form.register('issueType')}
          label={t('raise.issueType')}
          withAsterisk
          disabled={busy || issueTypes.isPending}
          error={errors.issueType?.message && specText(errors.issueType.message)}
          data={[
            { value: '', label: t('raise.issueTypePlaceholder'), disabled: true },
            ...options.map((o) => ({ value: o.issueName, label: o.issueName })),
          ]}
        />
        <Textarea
          {...form.register('description')}
          label={t('raise.description')}
          placeholder={t('raise.descriptionPlaceholder')}
          withAsterisk
          rows={5}
          resize="vertical"
          maxLength={TICKET_DESCRIPTION_MAX}
          disabled={busy}
          error={errors.description?.message && specText(errors.description.message)}
        />
        <AttachmentPicker
          files={files}
          onChange={setFiles}
          error={fileError && specText(fileError)}
          onError={setFileError}
          disabled={busy}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={busy}>
            {t('raise.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('raise.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
