import { useState } from 'react';
import { Badge, Text } from '@mantine/core';
import { IconArchive, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ArchivedVm } from '@mawingu/contracts/vm-actions';
import { useRestoreArchiveVM } from '../../../api/vms/vm-actions.ts';
import { useArchivedVms } from '../../../api/vms/vm-lists.ts';
import { useOsLabel } from '../../../components/os-icon.tsx';
import { formatDay } from '../../../lib/format-day.ts';
import { useRestoreOutcome } from '../use-restore.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { ListStates } from './list-states.tsx';
import { Fact, ReasonedButton, RowCard, SizeFacts } from './row-card.tsx';
import { BADGE_TEXT, PendingBadge, VmBlockedBadge } from './vm-state-badge.tsx';
import classes from './vms.module.css';

function ArchivedItem({ vm, onRestore }: { vm: ArchivedVm; onRestore: () => void }) {
  const { t, i18n } = useTranslation('vms');
  const osLabel = useOsLabel();
  const day = (iso: string | null) => (iso ? formatDay(iso, i18n.language) : <span className={classes.muted}>{t('vm.notYet')}</span>);
  const reason = vm.isBlocked === 1 ? t('archived.blocked') : vm.pendingAction ? t('unavailable.pending') : null;
  return (
    <RowCard
      id={`archived-${vm.ID}`}
      testId="archived-item"
      title={vm.vmName}
      osType={vm.operatingSystem}
      subtitle={<Text size="sm">{osLabel(vm.operatingSystem)}</Text>}
      badges={
        <>
          {vm.isBlocked === 1 && <VmBlockedBadge />}
          {vm.pendingAction ? (
            <PendingBadge action={vm.pendingAction} />
          ) : (
            <Badge color="gray" c={BADGE_TEXT.gray} variant="light" radius="sm" tt="none" size="md">
              {t('state.archived')}
            </Badge>
          )}
        </>
      }
      facts={
        <>
          <SizeFacts cpu={vm.cpu_Count} ram={vm.ram_Count} disk={vm.disk_Count} />
          <Fact label={t('archived.archivedOn')}>{day(vm.archivedDate)}</Fact>
          <Fact label={t('archived.endDate')}>{day(vm.endDate)}</Fact>
        </>
      }
      actions={
        <ReasonedButton reason={reason} icon={IconRestore} onClick={onRestore}>
          {t('archived.restore')}
        </ReasonedButton>
      }
    />
  );
}

/**
 * The Archived tab (spec sections 2, 4, 8): archived VMs with Restore behind the restore-archive
 * modal; success toasts the spec's message and the lists refresh 3 s later, so the VM is back
 * under Products.
 */
export function ArchivedPanel() {
  const { t } = useTranslation('vms');
  const archived = useArchivedVms();
  const restore = useRestoreArchiveVM();
  const restored = useRestoreOutcome();
  const [target, setTarget] = useState<ArchivedVm | null>(null);
  const close = () => setTarget(null);
  return (
    <>
      <ListStates query={archived} failedTitle={t('archived.loadFailed')} emptyIcon={IconArchive} emptyText={t('archived.emptyText')}>
        {(rows) => (
          <ul className={classes.list} aria-label={t('archived.label')}>
            {rows.map((vm) => (
              <li key={vm.ID}>
                <ArchivedItem vm={vm} onRestore={() => setTarget(vm)} />
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <ConfirmModal
        opened={target !== null}
        onClose={close}
        title={t('archived.restoreTitle')}
        onConfirm={async () => {
          if (!target) return;
          restored(await restore.mutateAsync(target));
          close();
        }}
      >
        <Text size="sm">{target && t('archived.restoreText', { name: target.vmName })}</Text>
      </ConfirmModal>
    </>
  );
}
