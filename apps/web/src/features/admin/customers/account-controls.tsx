import { useState } from 'react';
import { Alert, Button, Text, Textarea } from '@mantine/core';
import { IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { useAccountChange, useCanManageVms, useSendPasswordLink } from './customers-api.ts';

/**
 * Suspend (with the reason the customer is mailed) or reactivate the account, and send a password
 * link, each asked first; for managers. Buttons for the page's actions row (customer-actions.tsx);
 * the suspension's notice is account-notices.tsx.
 */
export function AccountControls({
  companyId,
  profile,
  name,
  part,
}: {
  companyId: number;
  profile: CustomerProfile;
  name: string;
  /** Only one of the two buttons (the page places them in different rows); both when left out. */
  part?: 'suspension' | 'passwordLink';
}) {
  const { t } = useTranslation('adminCustomers');
  const canManage = useCanManageVms();
  const change = useAccountChange(companyId, profile.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const passwordLink = useSendPasswordLink(companyId, profile.id);
  const [linkOpen, setLinkOpen] = useState(false);
  const suspended = profile.suspendedAt !== null;
  const error = ApiError.from(change.error);
  const reasonError = error?.fieldErrors?.reason;

  function close() {
    setOpen(false);
    change.reset();
  }
  function submit() {
    change.mutate(suspended ? { kind: 'reactivate' } : { kind: 'suspend', reason: reason.trim() }, {
      onSuccess: (status) => {
        showSuccessToast(
          suspended ? t('account.reactivated', { name }) : t('account.suspendedToast', { name, count: status.stoppingVms.length }),
        );
        setReason('');
        close();
      },
    });
  }

  return (
    <>
      {canManage && part !== 'passwordLink' && (
        <Button
          variant="outline"
          color={suspended ? 'blue.8' : 'red.9'}
          leftSection={suspended ? <IconUserCheck size={16} aria-hidden /> : <IconUserOff size={16} aria-hidden />}
          onClick={() => setOpen(true)}
        >
          {suspended ? t('account.reactivate') : t('account.suspend')}
        </Button>
      )}
      {canManage && part !== 'suspension' && (
        <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={() => setLinkOpen(true)}>
          {t('account.passwordLink')}
        </Button>
      )}
      <ConfirmModal
        opened={linkOpen}
        title={t('account.passwordLinkTitle', { name })}
        text={t('account.passwordLinkText', { email: profile.email })}
        confirmLabel={t('account.passwordLinkConfirm')}
        pending={passwordLink.isPending}
        onConfirm={() =>
          passwordLink.mutate(undefined, {
            onSuccess: () => {
              showSuccessToast(t('account.passwordLinkSent', { email: profile.email }));
              setLinkOpen(false);
            },
          })
        }
        onClose={() => {
          setLinkOpen(false);
          passwordLink.reset();
        }}
      >
        {passwordLink.error && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{passwordLink.error.message}</Text>
          </Alert>
        )}
      </ConfirmModal>
      <ConfirmModal
        opened={open}
        title={suspended ? t('account.reactivateTitle', { name }) : t('account.suspendTitle', { name })}
        text={suspended ? t('account.reactivateText') : t('account.suspendText')}
        confirmLabel={suspended ? t('account.reactivate') : t('account.suspend')}
        color={suspended ? 'blue.8' : 'red.9'}
        pending={change.isPending}
        onConfirm={submit}
        onClose={close}
      >
        {!suspended && (
          <Textarea
            label={t('dialog.reason')}
            description={t('account.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={reasonError}
            required
            rows={3}
          />
        )}
        {error && !reasonError && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{error.message}</Text>
          </Alert>
        )}
      </ConfirmModal>
    </>
  );
}
