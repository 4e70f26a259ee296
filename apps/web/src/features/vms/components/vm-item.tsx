import type { ReactNode } from 'react';
import { Alert, Badge, Card, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { OsIcon, useOsLabel } from '../../../components/os-icon.tsx';
import { formatDay } from '../format-day.ts';
import { BADGE_TEXT, VmBlockedBadge, VmStateBadge } from './vm-state-badge.tsx';
import classes from './vms.module.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function VmNote({ vm }: { vm: ActiveVm }) {
  const { t } = useTranslation('vms');
  if (vm.isBlocked === 1) {
    return (
      <Alert color="red" variant="light" icon={<IconLock size={18} aria-hidden />} p="xs">
        <Text size="sm">{t('note.blocked')}</Text>
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

type VmItemProps = {
  vm: ActiveVm;
  /** The VM's actions (renew, update, clone, snapshot, delete, IP…), composed by the app layer. */
  actions?: ReactNode;
};

/**
 * One VM of the Products tab (spec "Active VM"): name and alias, OS, CPU, RAM, disk, start and end
 * dates, the assigned IP in green, its state, and the blocked state. A card at every width: seven
 * facts in a row on a desktop, two columns on a phone.
 */
export function VmItem({ vm, actions }: VmItemProps) {
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
    >
      <div className={classes.head}>
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
        </div>
        <div className={classes.badges}>
          {vm.isBlocked === 1 && <VmBlockedBadge />}
          <VmStateBadge status={vm.vmStatus} />
          {vm.isGoldCopy === 1 && (
            <Badge color="yellow" c={BADGE_TEXT.yellow} variant="light" radius="sm" tt="none" size="md">
              {t('vm.gold')}
            </Badge>
          )}
          {vm.isClone === 1 && (
            <Badge color="gray" c={BADGE_TEXT.gray} variant="light" radius="sm" tt="none" size="md">
              {t('vm.clone')}
            </Badge>
          )}
          {vm.isRenewed === 1 && (
            <Badge color="green" c={BADGE_TEXT.green} variant="light" radius="sm" tt="none" size="md">
              {t('vm.renewed')}
            </Badge>
          )}
        </div>
      </div>

      <dl className={classes.facts}>
        <Fact label={t('vm.os')}>{osLabel(vm.operatingSystem)}</Fact>
        <Fact label={t('vm.cpu')}>{t('vm.cpuValue', { count: vm.cpu_Count })}</Fact>
        <Fact label={t('vm.ram')}>{t('vm.gb', { count: vm.ram_Count })}</Fact>
        <Fact label={t('vm.disk')}>{t('vm.gb', { count: vm.disk_Count })}</Fact>
        <Fact label={t('vm.start')}>{day(vm.startDate)}</Fact>
        <Fact label={t('vm.end')}>{day(vm.endDate)}</Fact>
        <Fact label={t('vm.ip')}>
          {vm.ciscoMerakiIP ? (
            <span className={classes.ip} data-color="green" data-testid="vm-ip">
              {vm.ciscoMerakiIP}
            </span>
          ) : (
            <span className={classes.muted}>{t('vm.noIp')}</span>
          )}
        </Fact>
      </dl>

      <VmNote vm={vm} />

      {actions && (
        <div className={classes.actions} role="group" aria-label={t('vm.actions', { name: vm.vmName })}>
          {actions}
        </div>
      )}
    </Card>
  );
}
