import { useState } from 'react';
import { Alert, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@mawingu/contracts/admin/payments';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { formatMoney } from '../../../lib/money.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useGatewayName } from '../shell/gateway-name.ts';
import { FormDialog } from './form-dialog.tsx';
import { useReconcile } from './payments-api.ts';
import { PAID_GREEN } from './status-badge.tsx';

type Action = 'paid' | 'failed' | 'cancelled';
const NEW_MANUAL = 'manual';

/**
 * Manual reconciliation: the order was paid outside the gateway's messages (a lost notification,
 * an EFT) — or a started attempt failed or was cancelled. A reason is required (≥ 10 characters,
 * kept in the audit log); the API's refusals show under the fields.
 */
export function ReconcileDialog({
  companyId,
  order,
  initialAction = 'paid',
  initialAttemptId,
  onClose,
}: {
  companyId: number;
  order: OrderDetail;
  initialAction?: Action;
  initialAttemptId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminPayments');
  const reconcile = useReconcile(companyId, order.id);
  const [action, setAction] = useState<Action>(initialAction);
  const [attempt, setAttempt] = useState<string>(initialAttemptId ? String(initialAttemptId) : initialAction === 'paid' ? NEW_MANUAL : '');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const error = ApiError.from(reconcile.error);
  const fieldErrors = error?.fieldErrors ?? {};

  const gatewayName = useGatewayName('adminPayments');
  const attemptLabel = (a: OrderDetail['attempts'][number]) =>
    t('reconcile.attemptOption', {
      id: a.id,
      gateway: gatewayName(a.gateway),
      status: t(`status.${a.status}` as 'status.paid', { defaultValue: a.status }),
      amount: formatMoney(a.amount, a.currency),
    });
  // Paid: a new manual payment or an attempt that has not paid; failed / cancelled: a started attempt.
  const candidates = order.attempts.filter((a) => (action === 'paid' ? a.status !== 'paid' : a.status === 'started'));
  const options = [
    ...(action === 'paid' ? [{ value: NEW_MANUAL, label: t('reconcile.newManual') }] : []),
    ...candidates.map((a) => ({ value: String(a.id), label: attemptLabel(a) })),
  ];

  function changeAction(next: Action) {
    setAction(next);
    setLocalError(null);
    reconcile.reset();
    if (next === 'paid') setAttempt(NEW_MANUAL);
    else setAttempt(order.attempts.find((a) => a.status === 'started')?.id.toString() ?? '');
  }

  function submit() {
    const trimmed = reason.trim();
    if (trimmed.length < 10) {
      setLocalError(t('reconcile.reasonHint'));
      return;
    }
    setLocalError(null);
    reconcile.mutate(
      {
        action,
        reason: trimmed,
        ...(attempt && attempt !== NEW_MANUAL ? { attemptId: Number(attempt) } : {}),
        ...(action === 'paid' && reference.trim() ? { gatewayReference: reference.trim() } : {}),
      },
      {
        onSuccess: () => {
          showSuccessToast(t(`reconcile.done.${action}`));
          onClose();
        },
      },
    );
  }

  const noneToClose = action !== 'paid' && candidates.length === 0;
  return (
    <FormDialog
      title={t('reconcile.title', { id: order.id })}
      intro={t('reconcile.intro')}
      cancelLabel={t('common.cancel')}
      confirmLabel={action === 'paid' ? t('reconcile.confirmPaid') : t('reconcile.confirmAttempt')}
      confirmColor={action === 'paid' ? PAID_GREEN : 'red.9'}
      confirmDisabled={noneToClose}
      error={error}
      pending={reconcile.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Radio.Group
        label={t('reconcile.action')}
        value={action}
        onChange={(value) => changeAction(value as Action)}
        error={fieldErrors.action}
      >
        <Stack gap={4} mt={4}>
          <Radio value="paid" label={t('reconcile.paid')} />
          <Radio value="failed" label={t('reconcile.failed')} />
          <Radio value="cancelled" label={t('reconcile.cancelled')} />
        </Stack>
      </Radio.Group>
      {noneToClose ? (
        <Alert color="gray" variant="light">
          {t('reconcile.noOpenAttempts')}
        </Alert>
      ) : (
        <Select
          label={t('reconcile.attempt')}
          data={options}
          value={attempt || null}
          onChange={(value) => setAttempt(value ?? '')}
          allowDeselect={false}
          error={fieldErrors.attemptId}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {action === 'paid' && (
        <TextInput
          label={t('reconcile.reference')}
          description={t('reconcile.referenceHint')}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          maxLength={100}
          error={fieldErrors.gatewayReference}
        />
      )}
      <Textarea
        label={t('reconcile.reason')}
        description={t('reconcile.reasonHint')}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setLocalError(null);
        }}
        error={fieldErrors.reason ?? localError}
        required
        autosize
        minRows={2}
        maxRows={6}
        maxLength={1000}
        data-autofocus
      />
      {action === 'paid' && (
        <Alert color="orange" variant="light" p="xs">
          <Text size="sm">{t('reconcile.paidWarning')}</Text>
        </Alert>
      )}
    </FormDialog>
  );
}
