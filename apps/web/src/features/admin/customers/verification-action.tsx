import { useState } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { useResendVerification } from './customers-manage-api.ts';

/**
 * "Resend verification" for a customer whose e-mail is not verified (managers): the sign-up code mail
 * again, asked first. A refusal (the hourly cap, nothing waiting) stays in the dialog in the API's
 * words; "sent" is said only when it was.
 */
export function VerificationAction({ companyId, profile }: { companyId: number; profile: CustomerProfile }) {
  const { t } = useTranslation('adminCustomers');
  const [open, setOpen] = useState(false);
  const resend = useResendVerification({ companyId, customerId: profile.id });
  if (profile.emailVerifiedAt) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconMailForward size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('manage.resendVerification')}
      </Button>
      <ConfirmModal
        opened={open}
        title={t('manage.resendTitle')}
        text={t('manage.resendText', { email: profile.email })}
        confirmLabel={t('manage.resendConfirm')}
        pending={resend.isPending}
        onConfirm={() =>
          resend.mutate(undefined, {
            onSuccess: () => {
              showSuccessToast(t('manage.resendSent', { email: profile.email }));
              setOpen(false);
            },
          })
        }
        onClose={() => {
          setOpen(false);
          resend.reset();
        }}
      >
        {resend.error && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{resend.error.message}</Text>
          </Alert>
        )}
      </ConfirmModal>
    </>
  );
}
