import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Asks before a destructive console action. */
export function ConfirmModal({
  opened,
  title,
  text,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('access.operators.cancel') }}>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('access.operators.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {t('access.operators.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
