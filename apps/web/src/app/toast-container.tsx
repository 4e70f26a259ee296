// Mantine's notifications container with its styles: a chunk of its own, loaded by toasts.tsx.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

export { Notifications as default } from '@mantine/notifications';
