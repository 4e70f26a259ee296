import { useState } from 'react';
import { Badge, Button, Loader, Text } from '@mantine/core';
import { IconCamera, IconCopy, IconDatabase, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserBackup } from '@mawingu/contracts/vm-actions';
import { useUserBackups } from '../../../api/vms/vm-lists.ts';
import { useDeleteBackup, useRestoreCloneVM } from '../../../api/vms/vm-actions.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { formatDay } from '../../../lib/format-day.ts';
import { useRestoreOutcome } from '../use-restore.ts';
import { useVmsText } from '../vms-text.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { ListStates } from './list-states.tsx';
import { Fact, ReasonedButton, RowCard, SizeFacts } from './row-card.tsx';
import { BADGE_TEXT, PendingBadge } from './vm-state-badge.tsx';
import classes from './vms.module.css';

const STATUS_COLOR: Record<UserBackup['backupStatus'], string> = { creating: 'blue', ready: 'green', failed: 'red', restored: 'gray' };
const CLONE_TYPES = ['daily', 'weekly', 'monthly'] as const;

/** Why Restore is unavailable for a clone, or null when it can be restored (ready, not yet restored, idle). */
function restoreBlock(backup: UserBackup): 'wait' | 'alreadyRestored' | 'restoreOnlyReady' | null {
  if (backup.pendingAction) return 'wait';
  if (backup.isRestoredVM === 1 || backup.backupStatus === 'restored') return 'alreadyRestored';
  if (backup.backupStatus !== 'ready' || !backup.cloneUUID) return 'restoreOnlyReady';
  return null;
}

const deleteBlocked = (backup: UserBackup) => backup.pendingAction !== null || backup.backupStatus === 'creating';

function BackupItem({ backup, onRestore, onDelete }: { backup: UserBackup; onRestore: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation('vms');
  const isClone = backup.isCloneOrSnapshot === 'Clone';
  const color = STATUS_COLOR[backup.backupStatus];
  const type = CLONE_TYPES.find((known) => known === backup.cloneType);
  const duration =
    isClone && backup.cloneDuration !== null
      ? t('backup.durationValue', { count: backup.cloneDuration, type: type ? t(`backup.cloneTypes.${type}`) : (backup.cloneType ?? '') })
      : t('backup.durationNone');
  const blockedRestore = isClone ? restoreBlock(backup) : null;
  const noDelete = deleteBlocked(backup);
  return (
    <RowCard
      id={`backup-${backup.ID}`}
      testId="backup-item"
      title={backup.vmName}
      subtitle={
        <Text size="sm" c="gray.7">
          {t('backup.created')}: {formatDay(backup.createdDate, i18n.language)}
        </Text>
      }
      badges={
        <>
          <Badge
            color="gray"
            c={BADGE_TEXT.gray}
            variant="light"
            radius="sm"
            tt="none"
            size="md"
            leftSection={isClone ? <IconCopy size={12} aria-hidden /> : <IconCamera size={12} aria-hidden />}
          >
            {isClone ? t('backup.clone') : t('backup.snapshot')}
          </Badge>
          {backup.pendingAction ? (
            <PendingBadge action={backup.pendingAction} />
          ) : (
            <Badge
              color={color}
              c={BADGE_TEXT[color]}
              variant="light"
              radius="sm"
              tt="none"
              size="md"
              data-state={backup.backupStatus}
              leftSection={backup.backupStatus === 'creating' ? <Loader size={10} color={BADGE_TEXT[color]} aria-hidden /> : undefined}
            >
              {t(`backup.status.${backup.backupStatus}`)}
            </Badge>
          )}
        </>
      }
      facts={
        <>
          <SizeFacts cpu={backup.cloneCPU_Count} ram={backup.cloneRAM_Count} disk={backup.cloneDisk_Count} />
          <Fact label={t('backup.duration')}>{duration}</Fact>
          <Fact label={t('backup.kind')}>{isClone ? t('backup.clone') : t('backup.snapshot')}</Fact>
        </>
      }
      actions={
        <>
          {isClone && (
            <ReasonedButton reason={blockedRestore && t(`backup.${blockedRestore}`)} icon={IconRestore} onClick={onRestore}>
              {t('backup.restore')}
            </ReasonedButton>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            c={noDelete ? undefined : 'red.9'}
            leftSection={<IconTrash size={15} aria-hidden />}
            data-disabled={noDelete || undefined}
            aria-disabled={noDelete || undefined}
            onClick={(event) => (noDelete ? event.preventDefault() : onDelete())}
          >
            {isClone ? t('backup.deleteClone') : t('backup.deleteSnapshot')}
          </Button>
        </>
      }
    />
  );
}

type BackupDialog = { kind: 'restore' | 'delete'; backup: UserBackup };

/**
 * The Backup tab (spec sections 2, 4, 8): the customer's clones and snapshots with Restore (clones:
 * a new VM from the copy; success toast, lists refreshed 3 s later) and Delete clone / Delete
 * snapshot, each behind its confirmation modal.
 */
export function BackupPanel() {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  const backups = useUserBackups();
  const restore = useRestoreCloneVM();
  const remove = useDeleteBackup();
  const restored = useRestoreOutcome();
  const [dialog, setDialog] = useState<BackupDialog | null>(null);
  const close = () => setDialog(null);
  const target = dialog?.backup;
  const isClone = target?.isCloneOrSnapshot === 'Clone';

  return (
    <>
      <ListStates query={backups} failedTitle={t('backup.loadFailed')} emptyIcon={IconDatabase} emptyText={t('backup.emptyText')}>
        {(rows) => (
          <ul className={classes.list} aria-label={t('backup.label')}>
            {rows.map((backup) => (
              <li key={backup.ID}>
                <BackupItem
                  backup={backup}
                  onRestore={() => setDialog({ kind: 'restore', backup })}
                  onDelete={() => setDialog({ kind: 'delete', backup })}
                />
              </li>
            ))}
          </ul>
        )}
      </ListStates>

      <ConfirmModal
        opened={dialog?.kind === 'restore'}
        onClose={close}
        title={t('backup.restoreTitle')}
        onConfirm={async () => {
          if (!target) return;
          restored(await restore.mutateAsync(target));
          close();
        }}
      >
        <Text size="sm">{target && t('backup.restoreText', { name: target.vmName })}</Text>
      </ConfirmModal>

      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        onClose={close}
        title={isClone ? t('backup.deleteCloneTitle') : t('backup.deleteSnapshotTitle')}
        confirmLabel={isClone ? t('backup.deleteClone') : t('backup.deleteSnapshot')}
        danger
        onConfirm={async () => {
          if (!target) return;
          const reply = await remove.mutateAsync(target);
          if (reply.status === 200) showSuccessToast(vmsText(reply.message));
          else showErrorToast(vmsText(reply.message));
          close();
        }}
      >
        <Text size="sm">
          {target &&
            (isClone ? t('backup.deleteCloneText', { name: target.vmName }) : t('backup.deleteSnapshotText', { name: target.vmName }))}
        </Text>
      </ConfirmModal>
    </>
  );
}
