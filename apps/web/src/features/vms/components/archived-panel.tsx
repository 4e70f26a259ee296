import { useState } from 'react';
import { Badge, Button, Loader, Text, Tooltip } from '@mantine/core';
import { IconArchive, IconLock, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ArchivedVm } from '@mawingu/contracts/vm-actions';
import { useRestoreArchiveVM } from '../../../api/vms/vm-actions.ts';
import { useArchivedVms } from '../../../api/vms/vm-lists.ts';
import { useOsLabel } from '../../../components/os-icon.tsx';
import { formatDay } from '../../../lib/format-day.ts';
import { usePendingLabel } from '../pending-label.ts';
import { useRestoreOutcome } from '../use-restore.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { ListStates } from './list-states.tsx';
import { Fact, RowCard } from './row-card.tsx';
import { BADGE_TEXT } from './vm-state-badge.tsx';
import classes from './vms.module.css';

function ArchivedItem({ vm, onRestore }: { vm: ArchivedVm; onRestore: () => void }) {
  const { t, i18n } = useTranslation('vms');
  const osLabel = useOsLabel();
  const pendingLabel = usePendingLabel();
  const day = (iso: string | null) => (iso ? formatDay(iso, i18n.language) : <span className={classes.muted}>{t('vm.notYet')}</span>);
  const reason = vm.isBlocked === 1 ? t('archived.blocked') : vm.pendingAction ? t('unavailable.pending') : null;
  const button = (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRestore size={15} aria-hidden />}
      data-disabled={reason !== null || undefined}
      aria-disabled={reason !== null || undefined}
      onClick={(event) => (reason ? event.preventDefault() : onRestore())}
    >
      {t('archived.restore')}
    </Button>
  );
  return (
    <RowCard
      id={`archived-${vm.ID}`}
      testId="archived-item"
      title={vm.vmName}
      osType={vm.operatingSystem}
      subtitle={<Text size="sm">{osLabel(vm.operatingSystem)}</Text>}
      badges={
        <>
          {vm.isBlocked === 1 && (
            <Badge
              color="red"
              c={BADGE_TEXT.red}
              variant="light"
              radius="sm"
              tt="none"
              size="md"
              leftSection={<IconLock size={12} aria-hidden />}
            >
              {t('state.blocked')}
            </Badge>
          )}
          {vm.pendingAction ? (
            <Badge
              color="blue"
              c={BADGE_TEXT.blue}
              variant="light"
              radius="sm"
              tt="none"
              size="md"
              leftSection={<Loader size={10} color={BADGE_TEXT.blue} aria-hidden />}
            >
              {pendingLabel(vm.pendingAction)}
            </Badge>
          ) : (
            <Badge color="gray" c={BADGE_TEXT.gray} variant="light" radius="sm" tt="none" size="md">
              {t('state.archived')}
            </Badge>
          )}
        </>
      }
      facts={
        <>
          <Fact label={t('vm.cpu')}>{t('vm.cpuValue', { count: vm.cpu_Count })}</Fact>
          <Fact label={t('vm.ram')}>{t('vm.gb', { count: vm.ram_Count })}</Fact>
          <Fact label={t('vm.disk')}>{t('vm.gb', { count: vm.disk_Count })}</Fact>
          <Fact label={t('archived.archivedOn')}>{day(vm.archivedDate)}</Fact>
          <Fact label={t('archived.endDate')}>{day(vm.endDate)}</Fact>
        </>
      }
      actions={
        reason ? (
          <Tooltip label={reason} withArrow multiline maw={260} events={{ hover: true, focus: true, touch: true }}>
            {button}
          </Tooltip>
        ) : (
          button
        )
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
