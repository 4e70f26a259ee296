import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before an action that cannot be taken back (delete, send to everyone). */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  danger = false,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('adminContent');
  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
