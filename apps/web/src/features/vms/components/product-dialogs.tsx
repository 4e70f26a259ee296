import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { encodeMultiRenewValue } from '@mawingu/contracts/multi-renew-value';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { useDeleteVirtualMachine, useVmPower } from '../../../api/vms/vm-actions.ts';
import { paths } from '../../../app/paths.ts';
import { vmLabel, VmName } from '../../../components/vm-name.tsx';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useVmsText } from '../vms-text.ts';
import { AliasModal } from './alias-modal.tsx';
import { AssignIpModal } from './assign-ip-modal.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { UnblockModal } from './unblock-modal.tsx';

/** The modal open on the Products tab, with the VM (or VMs) it is about. */
export type ProductDialog =
  | { kind: 'renew' | 'update' | 'clone' | 'snapshot' | 'delete' | 'shutdown' | 'alias' | 'assignIp' | 'unblock'; vm: ActiveVm }
  | { kind: 'renewSelected'; vms: ActiveVm[] };

type ProductDialogsProps = {
  dialog: ProductDialog | null;
  onClose: () => void;
  raiseTicketAction?: ReactNode;
};

const vmOf = (dialog: ProductDialog | null, kind: ProductDialog['kind']) => (dialog?.kind === kind && 'vm' in dialog ? dialog.vm : null);

/**
 * The Products tab's modals (spec section 2): renew, renew selected, update, clone, snapshot and
 * delete confirmations, alias, assign IP and unblock; shut down is confirmed too (ours). The
 * confirmations that lead to a purchase page navigate there on Yes.
 */
export function ProductDialogs({ dialog, onClose, raiseTicketAction }: ProductDialogsProps) {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  const navigate = useNavigate();
  const power = useVmPower();
  const remove = useDeleteVirtualMachine();

  const go = (href: string) => () => {
    onClose();
    void navigate(href);
  };
  const replyToast = (status: number, message: string) =>
    status === 200 ? showSuccessToast(vmsText(message)) : showErrorToast(vmsText(message));

  const renew = vmOf(dialog, 'renew');
  const update = vmOf(dialog, 'update');
  const clone = vmOf(dialog, 'clone');
  const snapshot = vmOf(dialog, 'snapshot');
  const doomed = vmOf(dialog, 'delete');
  const shutdown = vmOf(dialog, 'shutdown');
  const selected = dialog?.kind === 'renewSelected' ? dialog.vms : null;

  return (
    <>
      <ConfirmModal
        opened={renew !== null}
        onClose={onClose}
        title={t('renew.title')}
        onConfirm={renew ? go(paths.renewVm.getHref(renew.ID)) : onClose}
      >
        <Text size="sm">{renew && t('renew.text', { name: vmLabel(renew) })}</Text>
      </ConfirmModal>

      <ConfirmModal
        opened={selected !== null}
        onClose={onClose}
        title={t('renewSelected.title')}
        onConfirm={selected ? go(paths.renewMultipleVm.getHref(encodeMultiRenewValue(selected.map((vm) => vm.ID)))) : onClose}
      >
        <Stack gap="xs">
          <Text size="sm">{t('renewSelected.text')}</Text>
          <Text component="ul" size="sm" fw={600} m={0} pl="lg">
            {selected?.map((vm) => (
              <li key={vm.ID}>{vmLabel(vm)}</li>
            ))}
          </Text>
        </Stack>
      </ConfirmModal>

      <ConfirmModal
        opened={update !== null}
        onClose={onClose}
        title={t('update.title')}
        onConfirm={update ? go(paths.updateVm.getHref(update.ID)) : onClose}
      >
        <Stack gap="xs">
          <Text size="sm">{update && t('update.text', { name: vmLabel(update) })}</Text>
          <Text size="sm" c="red.8" fw={500} data-testid="power-off-note">
            {t('spec.updatePowerOffNote')}
          </Text>
        </Stack>
      </ConfirmModal>

      <ConfirmModal
        opened={clone !== null}
        onClose={onClose}
        title={t('clone.title')}
        onConfirm={clone ? go(paths.buyCloneVm.getHref(clone.ID)) : onClose}
      >
        <Stack gap={4}>
          {clone && <VmName vm={clone} />}
          <Text size="sm">{t('spec.proceedFurther')}</Text>
        </Stack>
      </ConfirmModal>

      <ConfirmModal
        opened={snapshot !== null}
        onClose={onClose}
        title={t('snapshot.title')}
        onConfirm={snapshot ? go(paths.buySnapshotVm.getHref(snapshot.ID)) : onClose}
      >
        <Stack gap={4}>
          {snapshot && <VmName vm={snapshot} />}
          <Text size="sm">{t('spec.proceedFurther')}</Text>
        </Stack>
      </ConfirmModal>

      <ConfirmModal
        opened={shutdown !== null}
        onClose={onClose}
        title={t('power.shutdownTitle')}
        confirmLabel={t('action.shutdown')}
        onConfirm={async () => {
          if (!shutdown) return;
          const reply = await power.mutateAsync({ vm: shutdown, action: 'shutdown' });
          replyToast(reply.status, reply.message);
          onClose();
        }}
      >
        <Text size="sm">{shutdown && t('power.shutdownText', { name: vmLabel(shutdown) })}</Text>
      </ConfirmModal>

      <ConfirmModal
        opened={doomed !== null}
        onClose={onClose}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        danger
        onConfirm={async () => {
          if (!doomed) return;
          // Spec section 8: a 400 says 'Virtual machine must be shut off to perform this operation.'
          const reply = await remove.mutateAsync(doomed);
          replyToast(reply.status, reply.message);
          onClose();
        }}
      >
        <Stack gap="xs">
          <Text size="sm">{doomed && t('delete.text', { name: vmLabel(doomed) })}</Text>
          <Text size="sm" c="gray.7">
            {t('delete.hint')}
          </Text>
        </Stack>
      </ConfirmModal>

      <AliasModal vm={vmOf(dialog, 'alias')} onClose={onClose} />
      <AssignIpModal vm={vmOf(dialog, 'assignIp')} onClose={onClose} />
      <UnblockModal vm={vmOf(dialog, 'unblock')} onClose={onClose} raiseTicketAction={raiseTicketAction} />
    </>
  );
}
