/**
 * The Ozow-type gateway's result fields as its browser return puts them in the address (purchasing
 * spec section 3, "Payment return fields"): the result page posts them as they came and the server
 * verifies them by their hash. No zod here: the SPA's result page imports it.
 */
export const OZOW_RETURN_FIELDS = [
  'SiteCode',
  'TransactionId',
  'TransactionReference',
  'Amount',
  'Status',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'Customer',
  'CurrencyCode',
  'IsTest',
  'StatusMessage',
  'Hash',
] as const;
