import { notifications } from '@mantine/notifications';

/** One look for server messages shown as toasts (spec: user-triggered results). */
export function showSuccessToast(message: string): void {
  notifications.show({ message, color: 'teal', withBorder: true });
}

export function showInfoToast(message: string): void {
  notifications.show({ message, color: 'blue', withBorder: true });
}

export function showErrorToast(message: string): void {
  notifications.show({ message, color: 'red', withBorder: true });
}
