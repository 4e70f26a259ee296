import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { VmModal } from './vm-modal.tsx';

type UnblockModalProps = {
  vm: ActiveVm | null;
  onClose: () => void;
  /** "Raise New Ticket" from the tickets feature, composed by the route (features do not import each other). */
  raiseTicketAction?: ReactNode;
};

/** The unblock modal (spec section 4): why the VM cannot be used, and the way to ask the admin. */
export function UnblockModal({ vm, onClose, raiseTicketAction }: UnblockModalProps) {
  const { t } = useTranslation('vms');
  return (
    <VmModal opened={vm !== null} onClose={onClose} title={t('unblock.title')}>
      {vm && (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconLock size={18} aria-hidden />}>
            <Text size="sm">{t('unblock.text', { name: vm.vmName })}</Text>
          </Alert>
          <Text size="sm">{t('unblock.howTo')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('unblock.close')}
            </Button>
            {raiseTicketAction}
          </Group>
        </Stack>
      )}
    </VmModal>
  );
}
