import { useState, type FormEvent } from 'react';
import { Button, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { ApiError } from '../../../api/api-error.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { FormActions } from '../shell/form-actions.tsx';
import { useMailCustomer } from './customers-manage-api.ts';

/**
 * "E-mail customer" (every operator): a subject and a plain-text message, sent in the company's
 * branded frame from its sender. Field refusals under the field; the hourly cap above the buttons.
 */
export function MailCustomerAction({ companyId, profile, name }: { companyId: number; profile: CustomerProfile; name: string }) {
  const { t } = useTranslation('adminCustomers');
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const send = useMailCustomer({ companyId, customerId: profile.id });
  const fieldErrors = send.error instanceof ApiError ? (send.error.fieldErrors ?? {}) : {};
  const fieldless = send.error && Object.keys(fieldErrors).length === 0 ? send.error.message : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate(
      { subject, body },
      {
        onSuccess: () => {
          showSuccessToast(t('manage.mailSent', { email: profile.email }));
          setSubject('');
          setBody('');
          setOpen(false);
        },
      },
    );
  }

  return (
    <>
      <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('manage.mail')}
      </Button>
      <Modal
        opened={open}
        onClose={() => !send.isPending && (setOpen(false), send.reset())}
        title={t('manage.mailTitle', { name })}
        size="lg"
        centered
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {t('manage.mailTo', { email: profile.email })}
            </Text>
            <TextInput
              label={t('manage.subject')}
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={fieldErrors.subject}
              maxLength={150}
              required
            />
            <Textarea
              label={t('manage.body')}
              description={t('manage.bodyHint')}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={fieldErrors.body}
              rows={8}
              required
            />
            <FormActions
              error={fieldless}
              cancelLabel={t('manage.cancel')}
              onCancel={() => setOpen(false)}
              submitLabel={t('manage.send')}
              pending={send.isPending}
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
