import { Anchor, Button, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NotificationEntry, NotificationLink } from '@mawingu/contracts/notifications';
import { paths } from '../../../app/paths.ts';
import { useUserNotifications } from '../../../api/notifications/get-user-notifications.ts';
import { useUpdateUserNotification } from '../../../api/notifications/update-user-notification.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useSpecText } from '../../../lib/spec-text.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import classes from './notifications.module.css';

/** Spec section 9: the notification list is 320 pixels high. */
const LIST_HEIGHT = 320;

/** Where a notice leads: the Products tab, Purchase History (account tab 3) or the ticket. */
export function hrefOf(link: NotificationLink): string {
  if (link.to === 'ticket') return paths.ticketDetails.getHref(link.id);
  return paths.customerProfile.getHref(link.to === 'products' ? 2 : 3, 'tabs');
}

function NotificationItem({ entry: n, onFollow }: { entry: NotificationEntry; onFollow: () => void }) {
  const { t, i18n } = useTranslation('notifications');
  const specText = useSpecText();
  return (
    <li className={classes.item} data-unread={n.isViewed === 0 || undefined} data-testid="notification">
      <span className={classes.dot} aria-hidden />
      <div className={classes.body}>
        <Text size="sm" className={classes.text}>
          {n.isViewed === 0 && <span className={classes.srOnly}>{t('dialog.unread')}: </span>}
          {specText(n.notificationDetail)}
        </Text>
        <Group gap="xs" justify="space-between" wrap="wrap" mt={4}>
          <Text size="xs" c="gray.7" component="time" dateTime={n.createdDate}>
            {formatDate(n.createdDate, i18n.language, { withTime: true })}
          </Text>
          {n.link && (
            // Brand 9: readable on the unread item's brand tint too.
            <Anchor component={Link} to={hrefOf(n.link)} size="xs" fw={600} c="brand.9" onClick={onFollow}>
              {n.link.to === 'ticket' ? t('dialog.link.ticket', { id: n.link.id }) : t(`dialog.link.${n.link.to}`)}
            </Anchor>
          )}
        </Group>
      </div>
    </li>
  );
}

/**
 * The notifications dialog (spec section 2): a scrollable list and "Mark all as read", which sends
 * the unread IDs; the list reloads on success, a failure shows the server's message. Each notice
 * shows its date and, when it has one, a link to what it is about (the dialog closes on following it).
 */
export function NotificationsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const specText = useSpecText();
  const query = useUserNotifications();
  const markRead = useUpdateUserNotification();
  const data = query.data?.status === 200 ? query.data.data : null;
  const list = data?.list ?? [];
  const unreadIds = list.filter((n) => n.isViewed === 0).map((n) => n.ID);
  const unreadCount = data?.newNotificationCount ?? 0;

  const markAllAsRead = async () => {
    const reply = await markRead.mutateAsync(unreadIds);
    if (reply.status !== 200) showErrorToast(specText(reply.message));
  };

  let body;
  if (query.isPending) {
    body = (
      <Group justify="center" h={LIST_HEIGHT}>
        <Loader size="sm" type="dots" />
      </Group>
    );
  } else if (!data) {
    body = (
      <Stack align="center" justify="center" h={LIST_HEIGHT} gap="sm">
        <Text c="dimmed" size="sm">
          {(query.data?.message && specText(query.data.message)) || t('dialog.loadFailed')}
        </Text>
        <Button variant="default" size="xs" onClick={() => void query.refetch()}>
          {t('dialog.retry')}
        </Button>
      </Stack>
    );
  } else if (list.length === 0) {
    body = (
      <div className={classes.empty} style={{ height: LIST_HEIGHT }}>
        <EmptyState icon={IconBellOff} title={t('dialog.emptyTitle')} text={t('dialog.emptyText')} />
      </div>
    );
  } else {
    body = (
      <ScrollArea h={LIST_HEIGHT} type="auto" offsetScrollbars className={classes.scroll}>
        <ul className={classes.list} aria-label={t('dialog.title')}>
          {list.map((n) => (
            <NotificationItem key={n.ID} entry={n} onFollow={onClose} />
          ))}
        </ul>
      </ScrollArea>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dialog.title')}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      {body}
      <Group justify="space-between" mt="md" gap="sm">
        <Text size="sm" c="dimmed">
          {unreadCount > 0 ? t('dialog.unreadSummary', { count: unreadCount }) : data && list.length > 0 ? t('dialog.allRead') : ''}
        </Text>
        <Button onClick={() => void markAllAsRead()} disabled={unreadIds.length === 0} loading={markRead.isPending}>
          {t('dialog.markAllAsRead')}
        </Button>
      </Group>
    </Modal>
  );
}
