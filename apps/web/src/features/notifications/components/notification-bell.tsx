import { ActionIcon, Indicator } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUserNotifications } from '../../../api/notifications/get-user-notifications.ts';
import { NotificationsDialog } from './notifications-dialog.tsx';

/** The header's bell: unread count as a badge (polled), opening the notifications dialog. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [opened, { open, close }] = useDisclosure(false);
  const query = useUserNotifications();
  const unread = query.data?.data?.newNotificationCount ?? 0;

  return (
    <>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        disabled={unread === 0}
        size={18}
        offset={7}
        color="red"
        withBorder
        data-testid="notification-badge"
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          onClick={open}
          aria-label={unread > 0 ? t('bell.labelWithUnread', { count: unread }) : t('bell.label')}
          aria-haspopup="dialog"
        >
          <IconBell size={21} stroke={1.7} aria-hidden />
        </ActionIcon>
      </Indicator>
      <NotificationsDialog opened={opened} onClose={close} />
    </>
  );
}
