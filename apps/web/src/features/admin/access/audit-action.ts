/** The i18n key of an action ("catalogue.time_period.create" → "catalogue_time_period_create"). */
export const actionKey = (action: string) => action.replace(/\./g, '_');

/** An action no label names yet, in words: "customer.vm.suspend" → "Customer vm suspend". */
export function actionInWords(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
