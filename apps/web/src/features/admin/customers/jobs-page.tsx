import { useState } from 'react';
import { Button, Card, Code, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminVm, FailedJob } from '@mawingu/contracts/admin/customers';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Code.css';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { FactList } from '../shell/fact-list.tsx';
import { ListPagination } from '../shell/list-pagination.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { useUrlState } from '../shell/use-url-state.ts';
import { useWide } from '../shell/use-wide.ts';
import { useCanManageVms, useFailedJobs } from './customers-api.ts';
import { VmChangeDialog } from './vm-change-dialog.tsx';
import { VmList } from './vm-list.tsx';
import ui from '../shell/console.module.css';
import classes from './customers.module.css';

const KINDS = ['provision-vm', 'fulfil-order', 'vm-action', 'vm-backup-action', 'assign-public-ip', 'expiry-machine', 'send-mail'] as const;

function useJobText() {
  const { t } = useTranslation('adminCustomers');
  return {
    kind: (job: FailedJob) =>
      (KINDS as readonly string[]).includes(job.kind) ? t(`jobs.kinds.${job.kind as (typeof KINDS)[number]}`) : job.kind,
    subject: (job: FailedJob) =>
      [
        job.orderId !== null && t('jobs.order', { id: job.orderId }),
        job.vmId !== null && t('jobs.vm', { id: job.vmId }),
        job.backupId !== null && t('jobs.backup', { id: job.backupId }),
        job.detail,
      ]
        .filter(Boolean)
        .join(' · '),
  };
}

/** Retry is offered only where it is safe: a provisioning whose VM is still failed. */
function RetryJob({ job, vms, onRetry }: { job: FailedJob; vms: AdminVm[]; onRetry: (vm: AdminVm) => void }) {
  const { t } = useTranslation('adminCustomers');
  const vm = job.retryVmId === null ? undefined : vms.find((v) => v.id === job.retryVmId);
  if (!vm) {
    return (
      <Text size="xs" c="gray.7">
        {t('jobs.noRetry')}
      </Text>
    );
  }
  return (
    <Button
      size="compact-sm"
      color="blue.8"
      leftSection={<IconRefresh size={14} aria-hidden />}
      aria-label={t('vms.retryLabel', { name: vm.name })}
      onClick={() => onRetry(vm)}
    >
      {t('vms.retry')}
    </Button>
  );
}

function JobTable({ jobs, vms, onRetry }: { jobs: FailedJob[]; vms: AdminVm[]; onRetry: (vm: AdminVm) => void }) {
  const { t, i18n } = useTranslation('adminCustomers');
  const text = useJobText();
  const wide = useWide();
  const when = (job: FailedJob) => formatDate(job.failedAt ?? job.createdAt, i18n.language, { withTime: true });
  const error = (job: FailedJob) => (
    <Code block className={classes.error} style={{ whiteSpace: 'pre-wrap', maxWidth: 420 }}>
      {job.error}
    </Code>
  );
  if (!wide) {
    return (
      <ul className={ui.cards} aria-label={t('jobs.tableLabel')}>
        {jobs.map((job) => (
          <li key={job.id}>
            <Card withBorder radius="md" padding="md" data-testid="failed-job">
              <Stack gap="xs">
                <Text fw={600}>{text.kind(job)}</Text>
                <FactList
                  facts={[
                    [t('jobs.subject'), text.subject(job) || t('common.none')],
                    [t('jobs.error'), error(job)],
                    [t('jobs.attempts'), job.attempts],
                    [t('jobs.failedAt'), when(job)],
                  ]}
                />
                <RetryJob job={job} vms={vms} onRetry={onRetry} />
              </Stack>
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ScrollArea type="auto">
      <Table fz="sm" verticalSpacing="sm" horizontalSpacing="sm" striped aria-label={t('jobs.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('jobs.kind')}</Table.Th>
            <Table.Th>{t('jobs.subject')}</Table.Th>
            <Table.Th>{t('jobs.error')}</Table.Th>
            <Table.Th ta="right">{t('jobs.attempts')}</Table.Th>
            <Table.Th>{t('jobs.failedAt')}</Table.Th>
            <Table.Th>{t('jobs.action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <Table.Tr key={job.id} data-testid="failed-job">
              <Table.Td fw={600} className={ui.nowrap}>
                {text.kind(job)}
              </Table.Td>
              <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                {text.subject(job) || t('common.none')}
              </Table.Td>
              <Table.Td>{error(job)}</Table.Td>
              <Table.Td ta="right" className={ui.numeric}>
                {job.attempts}
              </Table.Td>
              <Table.Td className={ui.nowrap}>{when(job)}</Table.Td>
              <Table.Td>
                <RetryJob job={job} vms={vms} onRetry={onRetry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** /admin/c/:companyId/jobs — jobs that failed and why, and the VMs that failed or carry an error. */
export default function JobsPage() {
  const { t } = useTranslation('adminCustomers');
  const companyId = useScopedCompanyId();
  const canManage = useCanManageVms();
  const { page, set } = useUrlState([] as const);
  const query = useFailedJobs(companyId, page);
  const [retrying, setRetrying] = useState<AdminVm | null>(null);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('jobs.title')}</Title>
        <Text size="sm" c="gray.7" maw={760}>
          {t('jobs.intro')}
        </Text>
      </div>
      <QueryState area="adminCustomers" query={query}>
        {(data) => (
          <Stack gap="xl">
            {data.jobs.items.length === 0 ? (
              <EmptyState icon={IconCircleCheck} title={t('jobs.empty')} text={t('jobs.emptyText')} />
            ) : (
              <div>
                <JobTable jobs={data.jobs.items} vms={canManage ? data.vms : []} onRetry={setRetrying} />
                <ListPagination
                  area="adminCustomers"
                  total={data.jobs.total}
                  page={data.jobs.page}
                  pageSize={data.jobs.pageSize}
                  onPage={(p) => set({ page: p })}
                />
              </div>
            )}
            <section aria-labelledby="failed-vms-title">
              <Title order={3} size="h4" id="failed-vms-title" mb="sm">
                {t('jobs.vmsTitle')}
              </Title>
              {data.vms.length === 0 ? (
                <Text size="sm" c="gray.7">
                  {t('jobs.vmsEmpty')}
                </Text>
              ) : (
                <VmList companyId={companyId} vms={data.vms} label={t('jobs.vmsTitle')} />
              )}
            </section>
          </Stack>
        )}
      </QueryState>
      {retrying && <VmChangeDialog companyId={companyId} vm={retrying} kind="retry" onClose={() => setRetrying(null)} />}
    </Stack>
  );
}
