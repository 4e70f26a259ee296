import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SavedVm } from '@mawingu/contracts/saved';
import { useDeletedSavedVM } from '../../../api/saved/deleted-saved-vm.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';

/** The delete confirmation of a saved item; the list refreshes after a deletion. */
export function DeleteSavedModal({ item, onClose }: { item: SavedVm | null; onClose: () => void }) {
  const { t } = useTranslation('saved');
  const { t: common } = useTranslation();
  const specText = useSpecTextIn('saved');
  const remove = useDeletedSavedVM();

  const confirm = async () => {
    if (!item) return;
    const reply = await remove.mutateAsync(item.ID);
    if (reply.status === 200) {
      showSuccessToast(specText(reply.message));
      onClose();
    } else {
      showErrorToast(specText(reply.message));
    }
  };

  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('confirmTitle')}
      centered
      closeOnClickOutside={!remove.isPending}
      closeOnEscape={!remove.isPending}
      closeButtonProps={{ 'aria-label': common('common.close') }}
      styles={{ title: { fontWeight: 600 } }}
    >
      {item && (
        <Text size="sm">
          {t('confirmText', {
            name: item.vmName,
            ram: t('gb', { count: item.ram_Count }),
            disk: t('gb', { count: item.disk_Count }),
            cpu: item.cpu_Count,
          })}
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          {t('cancel')}
        </Button>
        <Button color="red.8" onClick={() => void confirm()} loading={remove.isPending}>
          {t('confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
