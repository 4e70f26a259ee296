import type { ReactNode } from 'react';
import { Alert, Badge, Card, Checkbox, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActiveVm } from '@mawingu/contracts/vms';
// The Renew selected checkbox's Mantine CSS loads with the Products tab only (the shared set is in app/mantine-styles.ts).
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { OsIcon, useOsLabel } from '../../../components/os-icon.tsx';
import { formatDay } from '../../../lib/format-day.ts';
import { Fact, SizeFacts } from './row-card.tsx';
import { BADGE_TEXT, PendingBadge, VmBlockedBadge, VmStateBadge } from './vm-state-badge.tsx';
import classes from './vms.module.css';

function VmNote({ vm }: { vm: ActiveVm }) {
  const { t } = useTranslation('vms');
  if (vm.isBlocked === 1) {
    return (
      <Alert color="red" variant="light" icon={<IconLock size={18} aria-hidden />} p="xs">
        <Text size="sm">{t('note.blocked')}</Text>
        {vm.blockedReason && (
          <Text size="sm" fw={600} mt={4} data-testid="vm-blocked-reason" style={{ overflowWrap: 'anywhere' }}>
            {t('note.blockedReason', { reason: vm.blockedReason })}
          </Text>
        )}
      </Alert>
    );
  }
  if (vm.vmStatus === 'failed') {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
        <Text size="sm">{t('note.failed')}</Text>
      </Alert>
    );
  }
  if (vm.vmStatus === 'provisioning' || vm.vmStatus === 'expired') {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} p="xs">
        <Text size="sm">{t(`note.${vm.vmStatus}`)}</Text>
      </Alert>
    );
  }
  return null;
}

function Tag({ color, children, testId }: { color: string; children: ReactNode; testId?: string }) {
  return (
    <Badge color={color} c={BADGE_TEXT[color]} variant="light" radius="sm" tt="none" size="md" data-testid={testId}>
      {children}
    </Badge>
  );
}

function IpFact({ vm }: { vm: ActiveVm }) {
  const { t } = useTranslation('vms');
  if (vm.ciscoMerakiIP) {
    return (
      <span className={classes.ip} data-color="green" data-testid="vm-ip">
        {vm.ciscoMerakiIP}
      </span>
    );
  }
  if (vm.publicIpState === 'pending') return <span className={classes.muted}>{t('vm.ipPending')}</span>;
  if (vm.publicIpState === 'failed') {
    return (
      <span className={classes.warn} data-testid="vm-ip-failed">
        {vm.publicIpError ? t('vm.ipFailedBecause', { reason: vm.publicIpError }) : t('vm.ipFailed')}
      </span>
    );
  }
  return <span className={classes.muted}>{t('vm.noIp')}</span>;
}

export type VmItemProps = {
  vm: ActiveVm;
  /** The row's controls (VmActions), composed by the panel. */
  actions?: ReactNode;
  /** The "Renew selected" checkbox; absent when the list offers no selection. */
  selection?: { checked: boolean; disabled: boolean; onChange: (checked: boolean) => void };
  /** Opens the unblock modal from the blocked badge (spec section 4). */
  onBlockedClick?: () => void;
};

/**
 * One VM of the Products tab (spec "Active VM"): name and alias, OS, CPU, RAM, disk, start and end
 * dates, the assigned IP in green, its state, the spec's Renewed / Clone Available marks, an action
 * under way, and the blocked state. A card at every width: seven facts in a row on a desktop, two
 * columns on a phone.
 */
export function VmItem({ vm, actions, selection, onBlockedClick }: VmItemProps) {
  const { t, i18n } = useTranslation('vms');
  const osLabel = useOsLabel();
  const day = (iso: string | null) => (iso ? formatDay(iso, i18n.language) : <span className={classes.muted}>{t('vm.notYet')}</span>);
  const headingId = `vm-${vm.ID}-name`;
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      className={classes.vm}
      aria-labelledby={headingId}
      data-testid="vm-item"
      data-state={vm.vmStatus}
      data-blocked={vm.isBlocked === 1 || undefined}
      data-pending={vm.pendingAction ?? undefined}
    >
      <div className={classes.head}>
        {selection && (
          <Checkbox
            className={classes.select}
            checked={selection.checked}
            disabled={selection.disabled}
            onChange={(event) => selection.onChange(event.currentTarget.checked)}
            aria-label={t('renewSelected.checkbox', { name: vm.vmName })}
          />
        )}
        <div className={classes.icon}>
          <OsIcon osType={vm.operatingSystem} size={30} decorative />
        </div>
        <div className={classes.names}>
          <Title order={3} id={headingId} className={classes.name}>
            {vm.vmName}
          </Title>
          <Text size="sm" c={vm.aliasName ? undefined : 'gray.7'}>
            {t('vm.alias')}: {vm.aliasName || t('vm.noAlias')}
          </Text>
          {vm.address && vm.loginUser && (
            <Text size="sm" c="gray.7" data-testid="vm-login">
              {t('vm.login', { address: vm.address, user: vm.loginUser })}
            </Text>
          )}
        </div>
        <div className={classes.badges}>
          {vm.isBlocked === 1 && (
            <VmBlockedBadge
              open={{ label: t('unblock.open', { name: vm.vmName }), onClick: onBlockedClick, className: classes.blockedBadge }}
            />
          )}
          {vm.pendingAction ? <PendingBadge action={vm.pendingAction} testId="vm-pending" /> : <VmStateBadge status={vm.vmStatus} />}
          {vm.isGoldCopy === 1 && <Tag color="yellow">{t('vm.gold')}</Tag>}
          {vm.isClone === 1 && (
            <Tag color="gray" testId="vm-clone-available">
              {t('vm.cloneAvailable')}
            </Tag>
          )}
          {vm.isRenewed === 1 && (
            <Tag color="green" testId="vm-renewed">
              {t('vm.renewed')}
            </Tag>
          )}
        </div>
      </div>

      <dl className={classes.facts}>
        <Fact label={t('vm.os')}>{osLabel(vm.operatingSystem)}</Fact>
        <SizeFacts cpu={vm.cpu_Count} ram={vm.ram_Count} disk={vm.disk_Count} />
        <Fact label={t('vm.start')}>{day(vm.startDate)}</Fact>
        <Fact label={t('vm.end')}>{day(vm.endDate)}</Fact>
        <Fact label={t('vm.ip')}>
          <IpFact vm={vm} />
        </Fact>
      </dl>

      <VmNote vm={vm} />

      {actions}
    </Card>
  );
}
