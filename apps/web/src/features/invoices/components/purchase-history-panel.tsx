import { Alert, Anchor, Badge, Button, Card, Group, ScrollArea, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PurchaseHistoryRow } from '@mawingu/contracts/invoices';
// Mantine's table CSS loads with this panel only (the shared set is in app/mantine-styles.ts).
import '@mantine/core/styles/Table.css';
import { usePurchaseHistory } from '../../../api/invoices/get-purchase-history.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { VmName } from '../../../components/vm-name.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { useChargedText } from '../charged-text.ts';
import { formatDay } from '../../../lib/format-day.ts';
import { useInvoicesText } from '../invoices-text.ts';
import classes from './invoices.module.css';

/** Spec section 2: the invoice link shows only for these statuses (the old and the new spelling). */
const PAID_STATUSES = new Set(['Complete', 'COMPLETED']);

export const hasInvoice = (row: PurchaseHistoryRow) => PAID_STATUSES.has(row.transactionStatus) && row.invoiceToken !== null;

function statusColor(status: string): string {
  const value = status.toLowerCase();
  if (PAID_STATUSES.has(status)) return 'green';
  if (value.includes('fail') || value.includes('error')) return 'red';
  if (value.includes('cancel')) return 'gray';
  return 'blue';
}

/** Text colours on the light tint that pass WCAG AA (Mantine's green shade 9 does not). */
const BADGE_TEXT: Record<string, string> = { green: '#1f7a35', blue: 'blue.9', red: 'red.9', gray: 'gray.8' };

function StatusBadge({ status }: { status: string }) {
  const color = statusColor(status);
  return (
    <Badge
      color={color}
      c={BADGE_TEXT[color]}
      variant="light"
      radius="sm"
      tt="none"
      size="md"
      data-status={status}
      style={{ flex: 'none' }}
    >
      {status}
    </Badge>
  );
}

function InvoiceLink({ row, block = false }: { row: PurchaseHistoryRow; block?: boolean }) {
  const { t, i18n } = useTranslation('invoices');
  const label = t('history.viewInvoiceFor', { name: row.vmName, date: formatDay(row.transactionDate, i18n.language) });
  const href = paths.downloadInvoice.getHref(row.invoiceToken!);
  if (block) {
    return (
      <Button
        component="a"
        href={href}
        target="_blank"
        rel="noopener"
        variant="light"
        size="sm"
        aria-label={label}
        rightSection={<IconExternalLink size={14} aria-hidden />}
      >
        {t('history.viewInvoice')}
      </Button>
    );
  }
  return (
    <Anchor href={href} target="_blank" rel="noopener" size="sm" aria-label={label} className={classes.nowrap}>
      {t('history.invoice')} <IconExternalLink size={13} aria-hidden style={{ verticalAlign: '-2px' }} />
    </Anchor>
  );
}

/** The credit notes of the row's invoice, each opening its PDF in a new window (issue 18). */
function CreditNoteLinks({ row, inline = false }: { row: PurchaseHistoryRow; inline?: boolean }) {
  const { t } = useTranslation('invoices');
  if (!hasInvoice(row) || row.creditNotes.length === 0) return null;
  const Box = inline ? Group : Stack;
  return (
    <Box gap={inline ? 'md' : 6} align={inline ? 'center' : 'flex-start'} data-testid="credit-notes">
      {inline && (
        <Text span size="sm" c="gray.7">
          {t('history.creditNotes')}:
        </Text>
      )}
      {row.creditNotes.map((note) => {
        const total = `${row.currencyCode} ${formatAmount(note.total) ?? note.total}`;
        return (
          <Anchor
            key={note.token}
            href={paths.downloadCreditNote.getHref(note.token)}
            target="_blank"
            rel="noopener"
            size="sm"
            aria-label={t('history.viewCreditNoteFor', { number: note.serialNumber, total })}
          >
            {t('history.creditNote', { number: note.serialNumber })} · −{total}{' '}
            {/* The mark and the last words stay together when the line wraps on a phone. */}
            <span className={classes.nowrap}>
              {note.refunded !== null && (
                <Text span size="xs" c="gray.7">
                  ({t('history.refunded')}){' '}
                </Text>
              )}
              <IconExternalLink size={13} aria-hidden style={{ verticalAlign: '-2px' }} />
            </span>
          </Anchor>
        );
      })}
    </Box>
  );
}

function HistoryTable({ rows }: { rows: PurchaseHistoryRow[] }) {
  const { t, i18n } = useTranslation('invoices');
  const chargedText = useChargedText();
  const none = t('history.none');
  return (
    <ScrollArea type="auto" className={classes.tableWrap}>
      <Table
        className={classes.table}
        fz="sm"
        verticalSpacing="sm"
        horizontalSpacing="sm"
        striped
        highlightOnHover
        aria-label={t('history.listLabel')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.vmName')}</Table.Th>
            <Table.Th>{t('history.purchaseType')}</Table.Th>
            <Table.Th>{t('history.transactionId')}</Table.Th>
            <Table.Th>{t('history.date')}</Table.Th>
            <Table.Th>{t('history.currency')}</Table.Th>
            <Table.Th className={classes.num}>{t('history.total')}</Table.Th>
            <Table.Th>{t('history.paymentMode')}</Table.Th>
            <Table.Th>{t('history.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => [
            <Table.Tr key={row.ID} data-testid="history-row">
              <Table.Td miw={160}>
                <VmName vm={row} product={row.productName} />
              </Table.Td>
              <Table.Td>{row.bankReference}</Table.Td>
              <Table.Td className={classes.mono}>{row.transactionID ?? none}</Table.Td>
              <Table.Td className={classes.nowrap}>{formatDay(row.transactionDate, i18n.language)}</Table.Td>
              <Table.Td>{row.currencyCode}</Table.Td>
              <Table.Td className={classes.num}>
                {formatAmount(row.totalCost) ?? row.totalCost}
                {row.charged && (
                  <Text size="xs" c="gray.7" data-testid="charged">
                    {t('history.charged')}: {chargedText(row.charged, row.currencyCode)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{row.paymentMode ?? none}</Table.Td>
              {/* Wide enough for "Complete" or "Cancelled" in full: the badge would truncate its label. */}
              <Table.Td miw={120}>
                <Stack gap={4} align="flex-start">
                  <StatusBadge status={row.transactionStatus} />
                  {hasInvoice(row) && <InvoiceLink row={row} />}
                </Stack>
              </Table.Td>
            </Table.Tr>,
            // The invoice's credit notes on a line of their own under it: in view however wide the table scrolls.
            hasInvoice(row) && row.creditNotes.length > 0 && (
              <Table.Tr key={`${row.ID}-credit`} data-testid="history-row-credit-notes" aria-label={t('history.creditNotes')}>
                <Table.Td colSpan={8} pt={0}>
                  <CreditNoteLinks row={row} inline />
                </Table.Td>
              </Table.Tr>
            ),
          ])}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function HistoryCards({ rows }: { rows: PurchaseHistoryRow[] }) {
  const { t, i18n } = useTranslation('invoices');
  const chargedText = useChargedText();
  const none = t('history.none');
  return (
    <ul className={classes.cards} aria-label={t('history.listLabel')}>
      {rows.map((row) => (
        <li key={row.ID}>
          <Card withBorder radius="md" padding="md" data-testid="history-row" component="article" aria-labelledby={`purchase-${row.ID}`}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Title order={3} size="h5" id={`purchase-${row.ID}`}>
                  <VmName vm={row} product={row.productName} size="md" />
                </Title>
                <Text size="xs" c="gray.7">
                  {row.bankReference} · {formatDay(row.transactionDate, i18n.language)}
                </Text>
              </Stack>
              <StatusBadge status={row.transactionStatus} />
            </Group>
            <dl className={classes.cardFacts}>
              <div>
                <dt>{t('history.total')}</dt>
                <dd>
                  <Text span fw={700} size="sm">
                    {row.currencyCode} {formatAmount(row.totalCost) ?? row.totalCost}
                  </Text>
                </dd>
              </div>
              <div>
                <dt>{t('history.paymentMode')}</dt>
                <dd>{row.paymentMode ?? none}</dd>
              </div>
              {row.charged && (
                <div className={classes.wide} data-testid="charged">
                  <dt>{t('history.charged')}</dt>
                  <dd>{chargedText(row.charged, row.currencyCode)}</dd>
                </div>
              )}
              <div className={classes.wide}>
                <dt>{t('history.transactionId')}</dt>
                <dd className={classes.mono}>{row.transactionID ?? none}</dd>
              </div>
            </dl>
            {hasInvoice(row) && (
              <Stack mt="sm" gap="xs" align="flex-start">
                <InvoiceLink row={row} block />
                <CreditNoteLinks row={row} />
              </Stack>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Purchase History tab (spec section 2): every order with its VM name, purchase type
 * (bankReference), transaction id, date, currency, total, payment mode and status; paid ones link
 * to their invoice, and to its credit notes, in a new window. A table on wide screens, cards on a phone.
 */
export function PurchaseHistoryPanel() {
  const { t } = useTranslation('invoices');
  const invoicesText = useInvoicesText();
  const history = usePurchaseHistory();
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });

  if (history.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={56} radius="md" />
        ))}
      </Stack>
    );
  }
  const reply = history.data;
  if (!reply?.data) {
    return (
      <Alert color="red" variant="light" title={t('history.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {reply?.message && <Text size="sm">{invoicesText(reply.message)}</Text>}
          <Button size="xs" variant="default" onClick={() => void history.refetch()}>
            {t('history.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (reply.data.length === 0) {
    return (
      <EmptyState icon={IconReceipt} title={t('spec.noDataToDisplay')} text={t('history.emptyText')}>
        <Button component={Link} to={paths.marketplace.getHref()} variant="light" mt="sm">
          {t('history.exploreMarketplace')}
        </Button>
      </EmptyState>
    );
  }
  return wide ? <HistoryTable rows={reply.data} /> : <HistoryCards rows={reply.data} />;
}
