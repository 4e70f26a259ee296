import { notifications } from '@mantine/notifications';
import i18n from '../i18n/i18n.ts';

// Every toast's close button needs a name (axe "button-name"); the text follows the language.
const show = (message: string, color: string) =>
  notifications.show({ message, color, withBorder: true, closeButtonProps: { 'aria-label': i18n.t('common.close') } });

/** One look for server messages shown as toasts (spec: user-triggered results). */
export function showSuccessToast(message: string): void {
  show(message, 'teal');
}

export function showInfoToast(message: string): void {
  show(message, 'blue');
}

export function showErrorToast(message: string): void {
  show(message, 'red');
}
