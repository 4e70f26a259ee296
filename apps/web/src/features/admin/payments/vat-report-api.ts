import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { vatCreditNotesCsvCall, vatInvoicesCsvCall, vatReportCall } from '@mawingu/contracts/admin/vat-report-calls';
import { callUrl, fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';

export type VatPeriod = { seller: string; from: string; to: string };

/** The VAT report of one seller and period (owners and admins). */
export function useVatReport(companyId: number, period: VatPeriod) {
  return useQuery({
    queryKey: ['admin', companyId, 'payments', 'vat-report', period],
    queryFn: () => fetchCall(vatReportCall, { params: { companyId }, query: period }, inConsole),
    placeholderData: keepPreviousData,
    enabled: period.from !== '' && period.to !== '',
  });
}

export const vatInvoicesCsvUrl = (companyId: number, period: VatPeriod) =>
  callUrl(vatInvoicesCsvCall, { params: { companyId }, query: period });
export const vatCreditNotesCsvUrl = (companyId: number, period: VatPeriod) =>
  callUrl(vatCreditNotesCsvCall, { params: { companyId }, query: period });
