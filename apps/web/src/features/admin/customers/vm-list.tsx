import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconPlayerPause, IconPlayerPlay, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminVm } from '@mawingu/contracts/admin/customers';
import '@mantine/core/styles/Table.css';
import { formatDate } from '../../../lib/format-date.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { FactList } from '../shell/fact-list.tsx';
import { useWide } from '../shell/use-wide.ts';
import { useCanManageVms } from './customers-api.ts';
import { VmChangeDialog, type VmChangeKind } from './vm-change-dialog.tsx';
import { VmStateBadges } from './vm-state-badge.tsx';
import ui from '../shell/console.module.css';
import classes from './customers.module.css';

type Open = { vm: AdminVm; kind: VmChangeKind } | null;

/** What a manager may do to a VM in its state: each behind a confirmation (the API refuses anything else anyway). */
function VmActions({ vm, onOpen }: { vm: AdminVm; onOpen: (open: Open) => void }) {
  const { t } = useTranslation('adminCustomers');
  const canManage = useCanManageVms();
  if (!canManage || vm.state === 'deleted') return null;
  const button = (kind: VmChangeKind, icon: ReactNode, variant: string, color?: string) => (
    <Button
      size="compact-sm"
      variant={variant}
      color={color}
      leftSection={icon}
      aria-label={t(`vms.${kind}Label`, { name: vm.name })}
      onClick={() => onOpen({ vm, kind })}
    >
      {t(`vms.${kind}`)}
    </Button>
  );
  const terminable = !vm.pendingAction && ['stopped', 'expired', 'failed', 'archived'].includes(vm.state);
  const extendable = vm.endAt !== null && ['running', 'stopped', 'expired'].includes(vm.state);
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('vms.actionsFor', { name: vm.name })}>
      {vm.blocked
        ? button('unsuspend', <IconPlayerPlay size={14} aria-hidden />, 'default')
        : button('suspend', <IconPlayerPause size={14} aria-hidden />, 'outline', 'red.9')}
      {extendable && button('extend', <IconCalendarPlus size={14} aria-hidden />, 'default')}
      {terminable && button('terminate', <IconTrash size={14} aria-hidden />, 'outline', 'red.9')}
      {vm.canRetry && button('retry', <IconRefresh size={14} aria-hidden />, 'filled', 'blue.8')}
    </Group>
  );
}

function VmName({ vm }: { vm: AdminVm }) {
  const { t } = useTranslation('adminCustomers');
  return (
    <>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {vm.name}
      </Text>
      {vm.alias && (
        <Text size="xs" c="gray.7">
          {vm.alias}
        </Text>
      )}
      {vm.blockedReason && (
        <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }} data-testid="admin-vm-reason">
          {t('vms.suspendedBecause', { reason: vm.blockedReason })}
        </Text>
      )}
    </>
  );
}

function CustomerLink({ companyId, vm }: { companyId: number; vm: AdminVm }) {
  return (
    <>
      <Anchor component={Link} to={adminHref(companyId, `customers/${vm.customerId}`)} size="sm">
        {vm.customerName || vm.customerEmail}
      </Anchor>
      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {/* A break after the @ rather than inside a word (copying the address gives it whole). */}
        {vm.customerEmail.split('@')[0]}@<wbr />
        {vm.customerEmail.split('@').slice(1).join('@')}
      </Text>
    </>
  );
}

/**
 * VMs as a table on wide screens and as cards on phones, each with its state, block and (for
 * managers) Suspend/Unsuspend, Extend, Terminate and Retry provisioning behind a confirmation.
 */
export function VmList({
  companyId,
  vms,
  label,
  showCustomer = true,
}: {
  companyId: number;
  vms: AdminVm[];
  label: string;
  showCustomer?: boolean;
}) {
  const { t, i18n } = useTranslation('adminCustomers');
  const wide = useWide();
  const canManage = useCanManageVms();
  const [open, setOpen] = useState<Open>(null);
  const day = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : t('common.none'));
  const size = (vm: AdminVm) => t('vms.sizeValue', { cpu: vm.cpu, ram: vm.ramGb, disk: vm.diskGb });
  const error = (vm: AdminVm) =>
    vm.lastError ? (
      <Text className={classes.error} component="span">
        {vm.lastError}
      </Text>
    ) : null;

  const dialog = open && <VmChangeDialog companyId={companyId} vm={open.vm} kind={open.kind} onClose={() => setOpen(null)} />;

  if (wide) {
    return (
      <>
        <ScrollArea type="auto">
          <Table fz="sm" verticalSpacing="sm" horizontalSpacing="sm" striped highlightOnHover aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vms.name')}</Table.Th>
                {showCustomer && <Table.Th>{t('vms.customer')}</Table.Th>}
                <Table.Th>{t('vms.state')}</Table.Th>
                <Table.Th>{t('vms.size')}</Table.Th>
                <Table.Th>{t('vms.endsOn')}</Table.Th>
                {canManage && <Table.Th>{t('vms.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vms.map((vm) => (
                <Table.Tr key={vm.id} data-testid="admin-vm-row">
                  <Table.Td maw={260}>
                    <VmName vm={vm} />
                    {error(vm)}
                  </Table.Td>
                  {showCustomer && (
                    <Table.Td maw={240}>
                      <CustomerLink companyId={companyId} vm={vm} />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <VmStateBadges vm={vm} />
                    {vm.pendingAction && (
                      <Text size="xs" c="gray.7" mt={4}>
                        {t('vms.busy', { action: vm.pendingAction })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={ui.nowrap}>{size(vm)}</Table.Td>
                  <Table.Td className={ui.nowrap}>{day(vm.endAt)}</Table.Td>
                  {canManage && (
                    <Table.Td>
                      <VmActions vm={vm} onOpen={setOpen} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {dialog}
      </>
    );
  }

  return (
    <>
      <ul className={ui.cards} aria-label={label}>
        {vms.map((vm) => (
          <li key={vm.id}>
            <Card component="article" withBorder radius="md" padding="md" aria-labelledby={`admin-vm-${vm.id}`} data-testid="admin-vm-row">
              <Stack gap="sm">
                <div>
                  <Title order={3} size="h5" id={`admin-vm-${vm.id}`} style={{ overflowWrap: 'anywhere' }}>
                    {vm.name}
                  </Title>
                  {vm.alias && (
                    <Text size="xs" c="gray.7">
                      {vm.alias}
                    </Text>
                  )}
                  {vm.blockedReason && (
                    <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }} data-testid="admin-vm-reason">
                      {t('vms.suspendedBecause', { reason: vm.blockedReason })}
                    </Text>
                  )}
                </div>
                <VmStateBadges vm={vm} />
                <FactList
                  facts={[
                    ...(showCustomer
                      ? ([[t('vms.customer'), <CustomerLink key="c" companyId={companyId} vm={vm} />]] as [string, ReactNode][])
                      : []),
                    [t('vms.size'), size(vm)],
                    [t('vms.endsOn'), day(vm.endAt)],
                    ...(vm.pendingAction
                      ? ([[t('vms.actions'), t('vms.busy', { action: vm.pendingAction })]] as [string, ReactNode][])
                      : []),
                    ...(vm.lastError ? ([[t('vms.lastError'), error(vm)]] as [string, ReactNode][]) : []),
                  ]}
                />
                <VmActions vm={vm} onOpen={setOpen} />
              </Stack>
            </Card>
          </li>
        ))}
      </ul>
      {dialog}
    </>
  );
}
