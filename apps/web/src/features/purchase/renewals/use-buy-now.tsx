import { useState } from 'react';
import { messages } from '@mawingu/contracts/messages';
import { totalsInUsd } from '@mawingu/contracts/pricing/currency';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { ChooseGatewayDialog } from '../components/choose-gateway-dialog.tsx';
import { PaypalCurrencyDialog } from '../components/paypal-currency-dialog.tsx';
import { buyNowOutcome } from '../configurator.ts';
import { dialogBill } from './renew-bill.ts';

type Dialog = { kind: 'usd'; gateway: string } | { kind: 'choose'; gateways: string[] } | null;

type BuyNowInput = {
  gateways: readonly string[];
  byPassflag: 0 | 1;
  currency: string;
  zarToUsdRate: string;
  bill: { price: string; tax: string; arrears: string; total: string } | null;
  /** Continues to /purchasedetails with the chosen gateway ('' when bypassed). */
  proceed: (gateway: string) => void;
};

/**
 * The spec's Buy Now outcomes (section 4) for the renew pages: bypass → straight on; no gateway →
 * 'There are some technical issue. Please try after some time'; one → on (the currency dialog
 * first for PayPal and ZAR); several → the choose-gateway dialog. Returns the click handler and the dialogs.
 */
export function useBuyNow({ gateways, byPassflag, currency, zarToUsdRate, bill, proceed }: BuyNowInput) {
  const specText = useSpecTextIn('purchase');
  const [dialog, setDialog] = useState<Dialog>(null);

  const go = (gateway: string) => {
    setDialog(null);
    proceed(gateway);
  };

  const buyNow = () => {
    if (!bill) return;
    const outcome = buyNowOutcome(gateways, byPassflag, currency);
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

  const dialogs = bill && (
    <>
      <ChooseGatewayDialog
        gateways={dialog?.kind === 'choose' ? dialog.gateways : null}
        currency={currency}
        bill={dialogBill(bill)}
        zarToUsdRate={zarToUsdRate}
        onClose={() => setDialog(null)}
        onProceed={go}
      />
      <PaypalCurrencyDialog
        usd={dialog?.kind === 'usd' ? totalsInUsd(bill, zarToUsdRate) : null}
        rate={zarToUsdRate}
        onClose={() => setDialog(null)}
        onProceed={() => dialog?.kind === 'usd' && go(dialog.gateway)}
      />
    </>
  );

  return { buyNow, dialogs };
}
