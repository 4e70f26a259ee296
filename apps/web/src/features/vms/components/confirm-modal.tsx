import { useState, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { VmModal } from './vm-modal.tsx';

export type ConfirmModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Label of the confirming button ("Yes" unless told). */
  confirmLabel?: string;
  /** Red for what cannot be undone (delete). */
  danger?: boolean;
  /** Runs on Yes; the modal shows it busy until the returned promise settles. */
  onConfirm: () => void | Promise<void>;
};

/**
 * The spec's Yes/No confirmations (renew, update, clone, snapshot, delete, restore): the question,
 * No (focused first, so Enter never confirms by accident) and Yes.
 */
export function ConfirmModal({ opened, onClose, title, children, confirmLabel, danger = false, onConfirm }: ConfirmModalProps) {
  const { t } = useTranslation('vms');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <VmModal opened={opened} onClose={onClose} title={title} busy={busy}>
      <Stack gap="lg">
        <div>{children}</div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('confirm.no')}
          </Button>
          <Button color={danger ? 'red.8' : undefined} onClick={() => void confirm()} loading={busy}>
            {confirmLabel ?? t('confirm.yes')}
          </Button>
        </Group>
      </Stack>
    </VmModal>
  );
}
