import { useState } from 'react';
import { Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { FormActions } from '../shell/form-actions.tsx';
import { useMailCustomer } from './customer-care-api.ts';

/** Writes the customer a mail, sent in the company's branded frame; refusals appear under their field. */
export function MailCustomerButton({ companyId, customerId, email }: { companyId: number; customerId: number; email: string }) {
  const { t } = useTranslation('adminCustomers');
  const send = useMailCustomer(companyId, customerId);
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const error = send.error instanceof ApiError ? send.error : null;
  const fieldErrors = error?.fieldErrors ?? {};

  const close = () => {
    if (send.isPending) return;
    setOpen(false);
    send.reset();
  };

  return (
    <>
      <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('mail.open')}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={t('mail.title', { email })}
        size="lg"
        closeButtonProps={{ 'aria-label': t('mail.cancel') }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate(
              { subject, body },
              {
                onSuccess: ({ to }) => {
                  showSuccessToast(t('mail.sent', { email: to }));
                  setSubject('');
                  setBody('');
                  setOpen(false);
                },
              },
            );
          }}
          noValidate
          aria-label={t('mail.title', { email })}
        >
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              {t('mail.intro')}
            </Text>
            <TextInput
              label={t('mail.subject')}
              required
              maxLength={150}
              value={subject}
              onChange={(event) => setSubject(event.currentTarget.value)}
              error={fieldErrors.subject}
              data-autofocus
            />
            <Textarea
              label={t('mail.body')}
              required
              maxLength={5000}
              rows={8}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              error={fieldErrors.body}
            />
            <FormActions
              error={error && !fieldErrors.subject && !fieldErrors.body ? error.message : null}
              cancelLabel={t('mail.cancel')}
              onCancel={close}
              submitLabel={t('mail.send')}
              pending={send.isPending}
            />
          </Stack>
        </form>
      </Modal>
    </>
  );
}
