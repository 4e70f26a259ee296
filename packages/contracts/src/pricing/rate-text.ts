/**
 * Exchange rates as people read them, from the plain decimal text the database and the API give.
 * String work only, no decimal.js: the account page's Purchase History and Renewals show a rate
 * and would otherwise load the money arithmetic (13 KB gzip) for it.
 */
const PLAIN_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** "0.063000" → "0.063", "18.50" → "18.5", "2.000" → "2"; text that is not a plain decimal stays as it is. */
export function rateText(rate: string): string {
  const parts = PLAIN_DECIMAL.exec(rate.trim());
  if (!parts || !/\d/.test(rate)) return rate;
  const whole = parts[2]!.replace(/^0+(?=\d)/, '') || '0';
  const fraction = (parts[3] ?? '').replace(/0+$/, '');
  return `${parts[1] === '-' ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** "1 ZAR = 0.063 USD": the rate a converted payment used, from the order's currency to the charged one. */
export const rateLine = (from: string, to: string, rate: string) => `1 ${from} = ${rateText(rate)} ${to}`;
