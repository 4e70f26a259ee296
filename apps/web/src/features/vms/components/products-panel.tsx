import { lazy, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh, IconServer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { useUserVms } from '../../../api/vms/get-user-vms.ts';
import { useVmPower } from '../../../api/vms/vm-actions.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FromFirstOpen } from '../../../components/from-first-open.tsx';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { canSelectForRenewal, powerAction, type VmAction } from '../vm-capabilities.ts';
import { useVmsText } from '../vms-text.ts';
import { ProductDialogs, type ProductDialog } from './product-dialogs.tsx';
import { VmActions } from './vm-actions.tsx';
import { VmItem } from './vm-item.tsx';
import classes from './vms.module.css';

// View's dialog (address, login, keys, console link) is fetched when a VM is first viewed.
const VmAccessModal = lazy(() => import('./vm-access-modal.tsx').then((m) => ({ default: m.VmAccessModal })));

type ProductsPanelProps = {
  /** "Raise New Ticket" (tickets feature), offered in the unblock modal; composed by the route. */
  raiseTicketAction?: ReactNode;
};

function RenewSelectedBar({ count, onRenew, onClear }: { count: number; onRenew: () => void; onClear: () => void }) {
  const { t } = useTranslation('vms');
  return (
    <div className={classes.selectionBar}>
      <Text size="sm" c={count > 0 ? undefined : 'gray.7'} aria-live="polite">
        {count > 0 ? t('renewSelected.count', { count }) : t('renewSelected.hint')}
      </Text>
      <Group gap="xs">
        {count > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            {t('renewSelected.clear')}
          </Button>
        )}
        <Button size="sm" leftSection={<IconRefresh size={16} aria-hidden />} disabled={count === 0} onClick={onRenew}>
          {t('renewSelected.button')}
        </Button>
      </Group>
    </div>
  );
}

/**
 * The Products tab of the account page: the customer's VMs, newest first, each with its controls
 * and a checkbox for "Renew selected". While a VM is being prepared or a job acts on one, the list
 * asks again every few seconds, so states change by themselves.
 */
export function ProductsPanel({ raiseTicketAction }: ProductsPanelProps) {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  const vms = useUserVms();
  const power = useVmPower();
  const [accessVm, setAccessVm] = useState<ActiveVm | null>(null);
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const [dialog, setDialog] = useState<ProductDialog | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());

  if (vms.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1].map((n) => (
          <Skeleton key={n} height={150} radius="md" />
        ))}
      </Stack>
    );
  }
  const reply = vms.data;
  if (!reply?.data) {
    return (
      <Alert color="red" variant="light" title={t('list.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {reply?.message && <Text size="sm">{vmsText(reply.message)}</Text>}
          <Button size="xs" variant="default" onClick={() => void vms.refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const list = reply.data;
  if (list.length === 0) {
    return (
      <EmptyState icon={IconServer} title={t('spec.noDataToDisplay')} text={t('list.emptyText')}>
        <Button component={Link} to={paths.marketplace.getHref()} variant="light" mt="sm">
          {t('list.exploreMarketplace')}
        </Button>
      </EmptyState>
    );
  }

  // A VM that became unrenewable since it was ticked (renewed, blocked, deleted) drops out of the selection.
  const selected = list.filter((vm) => picked.has(vm.ID) && canSelectForRenewal(vm));
  const anySelectable = list.some(canSelectForRenewal);
  const toggle = (vm: ActiveVm, checked: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (checked) next.add(vm.ID);
      else next.delete(vm.ID);
      return next;
    });

  const act = async (vm: ActiveVm, action: VmAction) => {
    if (action === 'view') return setAccessVm(vm);
    if (action === 'power') {
      if (powerAction(vm) === 'shutdown') return setDialog({ kind: 'shutdown', vm });
      const started = await power.mutateAsync({ vm, action: 'start' });
      return started.status === 200 ? showSuccessToast(vmsText(started.message)) : showErrorToast(vmsText(started.message));
    }
    setDialog({ kind: action, vm });
  };

  return (
    <Stack gap="sm">
      {anySelectable && (
        <RenewSelectedBar
          count={selected.length}
          onRenew={() => setDialog({ kind: 'renewSelected', vms: selected })}
          onClear={() => setPicked(new Set())}
        />
      )}
      <ul className={classes.list} aria-label={t('list.label')}>
        {list.map((vm) => (
          <li key={vm.ID}>
            <VmItem
              vm={vm}
              selection={{ checked: selected.includes(vm), disabled: !canSelectForRenewal(vm), onChange: (checked) => toggle(vm, checked) }}
              onBlockedClick={() => setDialog({ kind: 'unblock', vm })}
              actions={<VmActions vm={vm} wide={wide} onAction={(action) => void act(vm, action)} />}
            />
          </li>
        ))}
      </ul>
      <ProductDialogs dialog={dialog} onClose={() => setDialog(null)} raiseTicketAction={raiseTicketAction} />
      <FromFirstOpen open={accessVm !== null}>
        <VmAccessModal vm={accessVm} onClose={() => setAccessVm(null)} />
      </FromFirstOpen>
    </Stack>
  );
}
