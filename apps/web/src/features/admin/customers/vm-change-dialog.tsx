import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminVm } from '@mawingu/contracts/admin/customers';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useVmChange } from './customers-api.ts';

export type VmChangeKind = 'block' | 'unblock' | 'retry';

/**
 * Confirms a change of a VM before it is made: block and unblock with an optional reason for the
 * audit log, retry provisioning with the last error. The API's refusal shows in the dialog (a field
 * error under the reason).
 */
export function VmChangeDialog({
  companyId,
  vm,
  kind,
  onClose,
}: {
  companyId: number;
  vm: AdminVm;
  kind: VmChangeKind;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminCustomers');
  const change = useVmChange(companyId);
  const [reason, setReason] = useState('');
  const error = change.error instanceof ApiError ? change.error : change.error ? new ApiError(0, change.error.message) : null;
  const reasonError = error?.fieldErrors?.reason;

  const title =
    kind === 'block'
      ? t('dialog.blockTitle', { name: vm.name })
      : kind === 'unblock'
        ? t('dialog.unblockTitle', { name: vm.name })
        : t('dialog.retryTitle', { name: vm.name });
  const text =
    kind === 'block'
      ? t('dialog.blockText', { customer: vm.customerName || vm.customerEmail })
      : kind === 'unblock'
        ? t('dialog.unblockText', { customer: vm.customerName || vm.customerEmail })
        : t('dialog.retryText', { error: vm.lastError ?? t('common.none') });
  const confirm = kind === 'block' ? t('dialog.confirmBlock') : kind === 'unblock' ? t('dialog.confirmUnblock') : t('dialog.confirmRetry');

  function submit() {
    const trimmed = reason.trim();
    change.mutate(kind === 'retry' ? { kind, vm } : { kind, vm, ...(trimmed ? { reason: trimmed } : {}) }, {
      onSuccess: () => {
        showSuccessToast(
          kind === 'block'
            ? t('toast.blocked', { name: vm.name })
            : kind === 'unblock'
              ? t('toast.unblocked', { name: vm.name })
              : t('toast.retried', { name: vm.name }),
        );
        onClose();
      },
    });
  }

  return (
    <Modal opened onClose={onClose} title={title} centered size="lg" closeButtonProps={{ 'aria-label': t('common.cancel') }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">{text}</Text>
          {kind !== 'retry' && (
            <Textarea
              label={t('dialog.reason')}
              description={t('dialog.reasonHint')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reasonError}
              autosize
              minRows={2}
              maxRows={6}
              data-autofocus
            />
          )}
          {error && !reasonError && (
            <Alert color="red" variant="light" role="alert">
              {error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={kind === 'block' ? 'red.9' : 'blue.8'}
              loading={change.isPending}
              data-autofocus={kind === 'retry' ? true : undefined}
            >
              {confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
