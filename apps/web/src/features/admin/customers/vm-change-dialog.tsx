import { useState } from 'react';
import { Alert, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminVm } from '@mawingu/contracts/admin/customers';
import '@mantine/core/styles/NumberInput.css';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { useVmChange } from './customers-api.ts';

export type VmChangeKind = 'suspend' | 'unsuspend' | 'terminate' | 'extend' | 'retry';

const COLOR: Record<VmChangeKind, string> = {
  suspend: 'red.9',
  terminate: 'red.9',
  unsuspend: 'blue.8',
  extend: 'blue.8',
  retry: 'blue.8',
};

/**
 * Asks before an operator changes a customer's VM (the shared ConfirmModal): suspend with the reason
 * the customer sees, unsuspend, terminate with the VM's name typed again, extend by days with the
 * reason, retry provisioning with the last error. The API's refusal shows under its field, or above
 * the buttons.
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
  const [confirm, setConfirm] = useState('');
  const [days, setDays] = useState<number | string>(7);
  const error = ApiError.from(change.error);
  const fieldError = (field: string) => error?.fieldErrors?.[field];
  const customer = vm.customerName || vm.customerEmail;

  function submit() {
    const trimmed = reason.trim();
    const request =
      kind === 'suspend'
        ? { kind, vm, reason: trimmed }
        : kind === 'unsuspend'
          ? { kind, vm, ...(trimmed ? { reason: trimmed } : {}) }
          : kind === 'terminate'
            ? { kind, vm, confirm: confirm.trim(), ...(trimmed ? { reason: trimmed } : {}) }
            : kind === 'extend'
              ? { kind, vm, days: Number(days), reason: trimmed }
              : { kind, vm };
    change.mutate(request, {
      onSuccess: () => {
        showSuccessToast(t(`toast.${kind}`, { name: vm.name, days: Number(days) }));
        onClose();
      },
    });
  }

  const reasonRequired = kind === 'suspend' || kind === 'extend';
  const known = ['reason', 'confirm', 'days'].some((field) => fieldError(field));
  return (
    <ConfirmModal
      opened
      title={t(`dialog.${kind}Title`, { name: vm.name })}
      text={t(`dialog.${kind}Text`, { customer, error: vm.lastError ?? t('common.none') })}
      confirmLabel={t(`dialog.${kind}Confirm`)}
      color={COLOR[kind]}
      pending={change.isPending}
      onConfirm={submit}
      onClose={onClose}
    >
      <Stack gap="sm">
        {kind === 'terminate' && (
          <TextInput
            label={t('dialog.typeName', { name: vm.name })}
            value={confirm}
            onChange={(event) => setConfirm(event.currentTarget.value)}
            error={fieldError('confirm')}
            autoComplete="off"
            required
          />
        )}
        {kind === 'extend' && (
          <NumberInput
            label={t('dialog.days')}
            description={t('dialog.daysHint')}
            value={days}
            onChange={setDays}
            min={1}
            max={366}
            allowDecimal={false}
            error={fieldError('days')}
            required
          />
        )}
        {kind !== 'retry' && (
          <Textarea
            label={t('dialog.reason')}
            description={t(reasonRequired ? 'dialog.reasonShownHint' : 'dialog.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={fieldError('reason')}
            required={reasonRequired}
            rows={3}
          />
        )}
        {error && !known && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{error.message}</Text>
          </Alert>
        )}
      </Stack>
    </ConfirmModal>
  );
}
