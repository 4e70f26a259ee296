import { useState } from 'react';
import { Badge, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileInvoice, IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CreditNoteRow, OrderCreditNotes } from '@mawingu/contracts/admin/credit-notes';
import { formatDate } from '../../../lib/format-date.ts';
import { formatMoney } from '../../../lib/money.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { CreditNoteDialog } from './credit-note-dialog.tsx';
import { GATEWAY_NAMES, openCreditNotePdf, useOrderCreditNotes } from './credit-notes-api.ts';
import ui from '../shell/console.module.css';

function RefundCell({ note }: { note: CreditNoteRow }) {
  const { t } = useTranslation('adminPayments');
  const refund = note.refund;
  if (!refund) return <>{t('creditNotes.refundNone')}</>;
  const method = refund.method === 'manual' ? t('creditNotes.refundManual') : GATEWAY_NAMES[refund.method];
  const charged = refund.chargedCurrency !== refund.currency ? ` (${formatMoney(refund.chargedAmount, refund.chargedCurrency)})` : '';
  const color = refund.status === 'completed' ? 'teal.9' : refund.status === 'failed' ? 'red.9' : 'blue.8';
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" span className={ui.nowrap}>
        {method}
        {charged}
      </Text>
      <Badge size="sm" color={color} radius="sm" tt="none" style={{ flex: 'none' }}>
        {t(`creditNotes.refundStatus.${refund.status}`)}
      </Badge>
    </Group>
  );
}

/** The order's credit notes (issue 18) under its invoice: the list, what is left, and the dialog to issue one. */
export function CreditNotesSection({ companyId, orderId, canManage }: { companyId: number; orderId: number; canManage: boolean }) {
  const { t, i18n } = useTranslation('adminPayments');
  const query = useOrderCreditNotes(companyId, orderId, true);
  const [open, setOpen] = useState(false);
  const data: OrderCreditNotes | undefined = query.data;
  if (!data) return null;
  const left = Number(data.uncredited) > 0;
  return (
    <Stack gap="xs" data-testid="credit-notes">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('creditNotes.title')} ·{' '}
          <Text span size="sm" fw={400}>
            {left
              ? t('creditNotes.uncredited', {
                  amount: formatMoney(data.uncredited, data.currency),
                  total: formatMoney(data.invoiceTotal, data.currency),
                })
              : t('creditNotes.creditedFull')}
          </Text>
        </Text>
        {canManage && left && (
          <Button size="xs" variant="light" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setOpen(true)}>
            {t('creditNotes.issue')}
          </Button>
        )}
      </Group>
      {data.creditNotes.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('creditNotes.none')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table fz="sm" verticalSpacing="xs" aria-label={t('creditNotes.listLabel', { number: data.invoiceSerialNumber })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('creditNotes.number')}</Table.Th>
                <Table.Th>{t('creditNotes.date')}</Table.Th>
                <Table.Th className={ui.numeric}>{t('creditNotes.amount')}</Table.Th>
                <Table.Th>{t('creditNotes.reason')}</Table.Th>
                <Table.Th>{t('creditNotes.refund')}</Table.Th>
                <Table.Th>{t('creditNotes.service')}</Table.Th>
                <Table.Th>{t('creditNotes.pdf')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.creditNotes.map((note) => (
                <Table.Tr key={note.id}>
                  <Table.Td className={ui.nowrap}>{note.serialNumber}</Table.Td>
                  <Table.Td className={ui.nowrap}>{formatDate(note.issuedAt, i18n.language)}</Table.Td>
                  <Table.Td className={ui.numeric}>
                    {formatMoney(note.total, note.currency)}
                    <Text size="xs" c="gray.7">
                      {t('creditNotes.vat')} {formatMoney(note.vat, note.currency)}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={180}>{note.reason}</Table.Td>
                  <Table.Td>
                    <RefundCell note={note} />
                  </Table.Td>
                  <Table.Td>{note.serviceAction === 'end' ? t('creditNotes.serviceEnded') : t('creditNotes.serviceKept')}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={t('creditNotes.open', { number: note.serialNumber })}
                      leftSection={<IconFileInvoice size={14} aria-hidden />}
                      onClick={() =>
                        void openCreditNotePdf(companyId, orderId, note.id).catch((error: unknown) =>
                          showErrorToast((error as Error).message),
                        )
                      }
                    >
                      {t('creditNotes.pdf')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {open && <CreditNoteDialog companyId={companyId} orderId={orderId} invoice={data} onClose={() => setOpen(false)} />}
    </Stack>
  );
}
