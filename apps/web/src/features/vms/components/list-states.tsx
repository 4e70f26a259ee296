import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@mawingu/contracts/envelope';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useVmsText } from '../vms-text.ts';

type ListQuery<T> = { isPending: boolean; data: Envelope<T[] | null> | undefined; refetch: () => Promise<unknown> };

type ListStatesProps<T> = {
  query: ListQuery<T>;
  failedTitle: string;
  emptyIcon: Icon;
  emptyText: string;
  children: (rows: T[]) => ReactNode;
};

/** A VM-area list while loading, when it failed, when empty (the spec's 'No data to display'), and with rows. */
export function ListStates<T>({ query, failedTitle, emptyIcon, emptyText, children }: ListStatesProps<T>) {
  const { t } = useTranslation('vms');
  const vmsText = useVmsText();
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true">
        {[0, 1].map((n) => (
          <Skeleton key={n} height={110} radius="md" />
        ))}
      </Stack>
    );
  }
  const reply = query.data;
  if (!reply?.data) {
    return (
      <Alert color="red" variant="light" title={failedTitle}>
        <Stack gap="xs" align="flex-start">
          {reply?.message && <Text size="sm">{vmsText(reply.message)}</Text>}
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (reply.data.length === 0) return <EmptyState icon={emptyIcon} title={t('spec.noDataToDisplay')} text={emptyText} />;
  return <>{children(reply.data)}</>;
}
