import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { NotificationBell } from '../../../features/notifications/components/notification-bell.tsx';
import { logout } from '../../../lib/session/logout.ts';
import { useSpecText } from '../../../lib/spec-text.ts';
import { paths } from '../../paths.ts';
import classes from './header.module.css';

/**
 * The logged-in end of the header (spec section 2): notification bell, profile icon with the
 * customer's name, and sign-out behind the confirmation "Are you sure, you want to logout?".
 * Loaded on demand: visitors never download it.
 */
export default function CustomerActions({ name }: { name: string }) {
  const { t } = useTranslation();
  const specText = useSpecText();
  const [confirming, { open, close }] = useDisclosure(false);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();

  const signOut = async () => {
    setLeaving(true);
    // Home first: on a customer-only page, clearing the session would otherwise send the guard
    // to /customerlogin before the logout handler's navigation home.
    await navigate(paths.home.getHref());
    // Clears the session whatever the server says.
    await logout();
    setLeaving(false);
    close();
  };

  return (
    <div className={classes.customerActions}>
      <NotificationBell />
      <Link to={paths.customerProfile.getHref(2)} className={classes.profileLink} aria-label={`${t('header.profile')}: ${name}`}>
        <IconUserCircle size={26} stroke={1.5} aria-hidden />
        <span className={classes.customerName}>{name}</span>
      </Link>
      <Tooltip label={t('header.signOut')}>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" onClick={open} aria-label={t('header.signOut')}>
          <IconLogout size={20} stroke={1.7} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={confirming}
        onClose={close}
        title={t('header.logoutTitle')}
        centered
        size="sm"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text>{specText(messages.logoutQuestion)}</Text>
        <Group justify="flex-end" gap="sm" mt="xl">
          <Button variant="default" onClick={close} disabled={leaving}>
            {t('header.logoutNo')}
          </Button>
          <Button color="red" onClick={() => void signOut()} loading={leaving} data-autofocus>
            {t('header.logoutYes')}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
