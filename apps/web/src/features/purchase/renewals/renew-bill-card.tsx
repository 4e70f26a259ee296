import { Button, Divider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillLine } from '@mawingu/contracts/pricing/bill';
import { formatMoney } from '../../../lib/money.ts';
import { BillLinesTable } from '../components/bill-lines-table.tsx';
import { percentText, TotalsList } from '../components/totals-list.tsx';
import { BillFrame } from '../components/bill-frame.tsx';

type RenewBillCardProps = {
  /** Item, size and price rows (a renewal's Memory, Processor and Disk); none on multi-renew, whose table is the VMs. */
  lines?: BillLine[];
  bill: { price: string; tax: string; arrears: string; total: string };
  daysExtended: number;
  currency: string;
  taxPercent: string;
  days: number;
  /** The Buy Now button's click (the gateway choice, then /purchasedetails). */
  onBuyNow: () => void;
};

/** The renew bill of the spec: Total Price, Tax(percent), Arrears for N Days, Total Payable Amount. */
export function RenewBillCard({ lines, bill, daysExtended, currency, taxPercent, days, onBuyNow }: RenewBillCardProps) {
  const { t } = useTranslation('renewals');
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <BillFrame titleId="renew-bill-title" title={t('bill.title')} forDays={t('bill.forDays', { count: days })}>
      {lines && lines.length > 0 && (
        <>
          <BillLinesTable lines={lines} currency={currency} caption={t('bill.caption')} />
          <Divider />
        </>
      )}
      <TotalsList
        rows={[
          { label: t('bill.totalPrice'), value: money(bill.price), testId: 'bill-price' },
          { label: t('bill.tax', { percent: percentText(taxPercent) }), value: money(bill.tax), testId: 'bill-tax' },
          { label: t('bill.arrears', { count: daysExtended }), value: money(bill.arrears), testId: 'bill-arrears' },
          { label: t('bill.total'), value: money(bill.total), grand: true, testId: 'bill-total' },
        ]}
      />
      <Button size="md" fullWidth onClick={onBuyNow}>
        {t('bill.buyNow')}
      </Button>
    </BillFrame>
  );
}
