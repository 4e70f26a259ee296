import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Asks before a console action that cannot be taken back (delete, disable, send to everyone).
 * Cancel has the focus, and while the action runs the question stays open.
 */
export function ConfirmModal({
  opened,
  title,
  text,
  confirmLabel,
  color,
  closeLabel,
  pending = false,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  /** The confirm button's colour; the theme's primary colour when not given. */
  color?: string;
  /** The corner × button's name, when an area names it other than "Close". */
  closeLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** More about what happens (a preview, the error of the last try). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': closeLabel ?? t('confirm.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {t('confirm.cancel')}
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
