import { useState } from 'react';
import { Alert, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderCreditNotes } from '@mawingu/contracts/admin/credit-notes';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import { formatMoney } from '../../../lib/money.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { GATEWAY_NAMES, useIssueCreditNote } from './credit-notes-api.ts';
import { FormDialog } from './form-dialog.tsx';

type Scope = 'whole' | 'part';
type Refund = 'none' | 'gateway' | 'manual';

/**
 * Issues a credit note against the order's invoice (issue 18): all that is left or an amount,
 * a reason, the refund (through the paying gateway's refund API — PayPal, PayFast, Ozow, Pesapal —,
 * a manual EFT already made, or none) and whether the VM keeps its
 * service. The server decides every figure; its refusals show under the fields.
 */
export function CreditNoteDialog({
  companyId,
  orderId,
  invoice,
  onClose,
}: {
  companyId: number;
  orderId: number;
  invoice: OrderCreditNotes;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminPayments');
  const issue = useIssueCreditNote(companyId, orderId);
  const [scope, setScope] = useState<Scope>('part');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const gateway = invoice.refundThrough === 'manual' ? null : GATEWAY_NAMES[invoice.refundThrough];
  const [refund, setRefund] = useState<Refund>(gateway ? 'gateway' : 'manual');
  const [reference, setReference] = useState('');
  const [service, setService] = useState<'keep' | 'end'>('keep');
  const error = ApiError.from(issue.error);
  const fieldErrors = error?.fieldErrors ?? {};
  const left = formatMoney(invoice.uncredited, invoice.currency);

  function submit() {
    issue.mutate(
      {
        scope,
        ...(scope === 'part' ? { amount: amount.trim() } : {}),
        reason: reason.trim(),
        refund,
        ...(refund === 'manual' && reference.trim() ? { refundReference: reference.trim() } : {}),
        service,
      },
      {
        onSuccess: (data) => {
          const made = data.creditNotes[data.creditNotes.length - 1];
          const status = made?.refund && made.refund.method !== 'manual' ? made.refund.status : null;
          const text =
            status === 'pending' ? 'creditNotes.donePending' : status === 'failed' ? 'creditNotes.doneFailed' : 'creditNotes.done';
          showSuccessToast(t(text, { number: made?.serialNumber ?? '', gateway: gateway ?? '' }));
          onClose();
        },
      },
    );
  }

  return (
    <FormDialog
      title={t('creditNotes.dialog.title', { number: invoice.invoiceSerialNumber })}
      intro={t('creditNotes.dialog.intro')}
      cancelLabel={t('creditNotes.dialog.cancel')}
      confirmLabel={t('creditNotes.dialog.confirm')}
      error={error}
      pending={issue.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Radio.Group
        label={t('creditNotes.dialog.scope')}
        value={scope}
        onChange={(value) => setScope(value as Scope)}
        error={fieldErrors.scope}
      >
        <Stack gap={4} mt={4}>
          <Radio value="part" label={t('creditNotes.dialog.part')} />
          <Radio value="whole" label={t('creditNotes.dialog.whole', { amount: left })} />
        </Stack>
      </Radio.Group>
      {scope === 'part' && (
        <TextInput
          label={t('creditNotes.dialog.amount', { currency: invoice.currency })}
          description={t('creditNotes.dialog.amountHint', { amount: left })}
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          inputMode="decimal"
          placeholder="0.00"
          maxLength={14}
          required
          error={fieldErrors.amount}
          data-autofocus
        />
      )}
      {scope === 'whole' && fieldErrors.amount && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {fieldErrors.amount}
        </Alert>
      )}
      <Textarea
        label={t('creditNotes.dialog.reason')}
        description={t('creditNotes.dialog.reasonHint')}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={fieldErrors.reason}
        required
        autosize
        minRows={2}
        maxRows={5}
        maxLength={500}
      />
      <Radio.Group
        label={t('creditNotes.dialog.refund')}
        value={refund}
        onChange={(value) => setRefund(value as Refund)}
        error={fieldErrors.refund}
      >
        <Stack gap={4} mt={4}>
          {gateway && (
            <Radio
              value="gateway"
              label={t('creditNotes.dialog.refundGateway', { gateway })}
              description={t('creditNotes.dialog.refundGatewayHint', { gateway })}
            />
          )}
          <Radio value="manual" label={t('creditNotes.dialog.refundManual')} />
          <Radio value="none" label={t('creditNotes.dialog.refundNone')} />
        </Stack>
      </Radio.Group>
      {invoice.refundThrough === 'manual' && (
        <Text size="xs" c="gray.7">
          {t('creditNotes.dialog.refundUnavailable')}
        </Text>
      )}
      {refund === 'manual' && (
        <TextInput
          label={t('creditNotes.dialog.refundReference')}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          maxLength={100}
          error={fieldErrors.refundReference}
        />
      )}
      {invoice.hasVm && (
        <Radio.Group
          label={t('creditNotes.dialog.service')}
          value={service}
          onChange={(value) => setService(value as 'keep' | 'end')}
          error={fieldErrors.service}
        >
          <Stack gap={4} mt={4}>
            <Radio value="keep" label={t('creditNotes.dialog.keep')} />
            <Radio value="end" label={t('creditNotes.dialog.end')} description={t('creditNotes.dialog.endHint')} />
          </Stack>
        </Radio.Group>
      )}
    </FormDialog>
  );
}
