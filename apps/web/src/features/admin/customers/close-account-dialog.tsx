import { useState } from 'react';
import { Alert, Button, Text, TextInput, Textarea } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { ApiError } from '../../../api/api-error.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { useCloseAccount } from './customers-manage-api.ts';

/**
 * "Close account" at the customer's request (managers; ADR 0114): the customer's e-mail typed again
 * and the reason. The API refuses while an order is open, and says which.
 */
export function CloseAccountAction({ companyId, profile, name }: { companyId: number; profile: CustomerProfile; name: string }) {
  const { t } = useTranslation('adminCustomers');
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const close = useCloseAccount({ companyId, customerId: profile.id });
  const fieldErrors = close.error instanceof ApiError ? (close.error.fieldErrors ?? {}) : {};
  const fieldless = close.error && Object.keys(fieldErrors).length === 0 ? close.error.message : null;
  const typed = confirm.trim().toLowerCase() === profile.email.toLowerCase();

  function dismiss() {
    setOpen(false);
    setConfirm('');
    setTried(false);
    close.reset();
  }

  return (
    <>
      <Button variant="outline" color="red.9" leftSection={<IconLock size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('manage.close')}
      </Button>
      <ConfirmModal
        opened={open}
        title={t('manage.closeTitle', { name })}
        text={t('manage.closeText')}
        confirmLabel={t('manage.close')}
        color="red.9"
        pending={close.isPending}
        onConfirm={() => {
          setTried(true);
          if (!typed) return;
          close.mutate(
            { confirm, reason: reason.trim() },
            {
              onSuccess: (result) => {
                showSuccessToast(t('manage.closedToast', { name, count: result.stoppingVms.length }));
                setReason('');
                dismiss();
              },
            },
          );
        }}
        onClose={dismiss}
      >
        <Textarea
          label={t('dialog.reason')}
          description={t('manage.closeReasonHint')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={fieldErrors.reason}
          rows={2}
          required
        />
        <TextInput
          label={t('manage.closeConfirmLabel', { email: profile.email })}
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={fieldErrors.confirm ?? ((tried || confirm) && !typed ? t('manage.closeConfirmHint') : undefined)}
          autoComplete="off"
          required
        />
        {fieldless && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{fieldless}</Text>
          </Alert>
        )}
      </ConfirmModal>
    </>
  );
}
