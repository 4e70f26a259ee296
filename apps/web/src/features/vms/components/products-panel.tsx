import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { useUserVms } from '../../../api/vms/get-user-vms.ts';
import { paths } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useVmsText } from '../vms-text.ts';
import { VmItem } from './vm-item.tsx';
import classes from './vms.module.css';

type ProductsPanelProps = {
  /**
   * The actions of one VM (issue 6: renew, update, clone, snapshot, delete, IP, alias…), supplied by
   * the app layer from the features that own them. Without it the cards show no action row.
   */
  renderActions?: (vm: ActiveVm) => ReactNode;
};

/**
 * The Products tab of the account page: the customer's VMs, newest first. While one is being
 * prepared the list asks again every few seconds, so a just-paid VM turns to Running by itself.
 */
export function ProductsPanel({ renderActions }: ProductsPanelProps) {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  const vms = useUserVms();

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
  if (reply.data.length === 0) {
    return (
      <EmptyState icon={IconServer} title={t('spec.noDataToDisplay')} text={t('list.emptyText')}>
        <Button component={Link} to={paths.marketplace.getHref()} variant="light" mt="sm">
          {t('list.exploreMarketplace')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <ul className={classes.list} aria-label={t('list.label')}>
      {reply.data.map((vm) => (
        <li key={vm.ID}>
          <VmItem vm={vm} actions={renderActions?.(vm)} />
        </li>
      ))}
    </ul>
  );
}
