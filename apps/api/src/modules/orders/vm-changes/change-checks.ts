import { fill, messages } from '@mawingu/contracts/messages';
import type { Totals } from '@mawingu/contracts/pricing/totals';
import { sameAmount } from '@mawingu/contracts/pricing/money';
import { gatewayKeyOf, type GatewayKey } from '@mawingu/contracts/purchase';
import { AppError } from '../../../http/app-error.ts';

export function refuse(status: 400 | 422, fieldErrors: Record<string, string>): never {
  const first = Object.values(fieldErrors)[0]!;
  throw status === 400 ? AppError.badRequest(first, fieldErrors) : new AppError('amount_mismatch', 422, first, fieldErrors);
}

/** The gateway the order will use: the one chosen, or the only one offered; bypass needs none (as CreateOrder). */
export function chosenGateway(sent: string | string[] | undefined, gateways: GatewayKey[], bypass: boolean): GatewayKey | null {
  if (bypass) return null;
  if (gateways.length === 0) throw AppError.conflict(messages.noPaymentGateway);
  const names = (Array.isArray(sent) ? sent : [sent ?? '']).filter((n) => n.trim() !== '');
  const keys = names.map(gatewayKeyOf);
  if (keys.some((k) => !k || !gateways.includes(k))) refuse(400, { paymentGateway: messages.gatewayUnavailable });
  if (keys.length === 1) return keys[0]!;
  return gateways.length === 1 ? gateways[0]! : null;
}

type SentAmounts = {
  cost: string | number;
  taxAmount: string | number;
  totalAmount: string | number;
  currency?: string | undefined;
};

/** The client's figures against the server's bill, to the cent: 422 naming each field that differs. */
export function checkAmounts(sent: SentAmounts, bill: Totals, currency: string): void {
  const errors: Record<string, string> = {};
  if (sent.currency && sent.currency !== currency) errors.currency = fill(messages.currencyMismatch, { currency });
  const differs = (field: string, label: string, value: string | number, computed: string) => {
    if (!sameAmount(value, computed))
      errors[field] = fill(messages.amountMismatch, {
        field: label,
        amount: `${computed} ${currency}`,
      });
  };
  differs('cost', 'Cost', sent.cost, bill.price);
  differs('taxAmount', 'Tax amount', sent.taxAmount, bill.tax);
  differs('totalAmount', 'Total amount', sent.totalAmount, bill.total);
  if (Object.keys(errors).length) refuse(422, errors);
}
