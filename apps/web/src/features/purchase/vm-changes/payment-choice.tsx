import { useState } from 'react';
import { messages } from '@mawingu/contracts/messages';
import type { Bill } from '@mawingu/contracts/pricing/bill';
import { totalsInUsd } from '@mawingu/contracts/pricing/currency';
import type { VmChangeDetails } from '@mawingu/contracts/vm-changes';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { ChooseGatewayDialog } from '../components/choose-gateway-dialog.tsx';
import { PaypalCurrencyDialog } from '../components/paypal-currency-dialog.tsx';
import { buyNowOutcome } from '../configurator.ts';
import { currencyOf } from './change-bills.ts';

type Dialog = { kind: 'usd'; gateway: string } | { kind: 'choose'; gateways: string[] } | null;

/**
 * Buy Now of the update, clone and snapshot pages (spec section 4): bypass goes straight on, no
 * gateway is the spec's error, one gateway goes on (ZAR with PayPal asks about USD first), several
 * open the choose-gateway dialog. `go(gateway)` leads to the purchase details page.
 */
export function usePaymentChoice(details: VmChangeDetails) {
  const specText = useSpecTextIn('purchase');
  const [dialog, setDialog] = useState<Dialog>(null);
  const currency = currencyOf(details);
  const gateways = details.country[0]?.paymentGateway ?? details.paymentGateway;

  const buyNow = (go: (gateway: string) => void) => {
    const outcome = buyNowOutcome(gateways, details.byPassflag, currency);
    switch (outcome.kind) {
      case 'bypass':
        return go('');
      case 'none':
        return showErrorToast(specText(messages.noPaymentGateway));
      case 'one':
        return outcome.askUsd ? setDialog({ kind: 'usd', gateway: outcome.gateway }) : go(outcome.gateway);
      case 'choose':
        return setDialog({ kind: 'choose', gateways: outcome.gateways });
    }
  };

  const dialogs = (bill: Bill | null, go: (gateway: string) => void) =>
    bill && (
      <>
        <ChooseGatewayDialog
          gateways={dialog?.kind === 'choose' ? dialog.gateways : null}
          currency={currency}
          bill={bill}
          zarToUsdRate={details.zarToUsdRate}
          onClose={() => setDialog(null)}
          onProceed={(gateway) => {
            setDialog(null);
            go(gateway);
          }}
        />
        <PaypalCurrencyDialog
          usd={dialog?.kind === 'usd' ? totalsInUsd(bill, details.zarToUsdRate) : null}
          rate={details.zarToUsdRate}
          onClose={() => setDialog(null)}
          onProceed={() => {
            if (dialog?.kind !== 'usd') return;
            setDialog(null);
            go(dialog.gateway);
          }}
        />
      </>
    );

  return { buyNow, dialogs };
}
