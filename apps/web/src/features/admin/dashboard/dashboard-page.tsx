import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlarm, IconServer, IconTicket } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DashboardOverview, ExpiringVm } from '@mawingu/contracts/admin/dashboard';
import { EXPIRING_WITHIN_DAYS } from '@mawingu/contracts/admin/dashboard';
import '@mantine/core/styles/Table.css';
import { formatDate } from '../../../lib/format-date.ts';
import { ApiError } from '../../../api/api-error.ts';
import { adminHref } from '../shell/admin-nav.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useOperatorSession } from '../shell/operator-session.ts';
import { useWide } from '../shell/use-wide.ts';
import { useDashboardOverview } from './dashboard-api.ts';
import ui from '../shell/console.module.css';
import classes from './dashboard.module.css';
import { TableHead } from '../shell/table-head.tsx';

const RevenueSection = lazy(() => import('./revenue-section.tsx'));

const STATES = ['running', 'stopped', 'provisioning', 'expired', 'archived', 'failed'] as const;

function StatCard({
  icon: StatIcon,
  color,
  label,
  value,
  children,
  testId,
}: {
  icon: Icon;
  color: string;
  label: string;
  value: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="md" variant="light" color={color}>
          <StatIcon size={22} stroke={1.7} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Text size="sm" c="gray.7">
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.1} className={ui.numeric} data-testid={`${testId}-value`}>
            {value}
          </Text>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}

function daysLeft(endAt: string): number {
  return Math.max(0, Math.ceil((Date.parse(endAt) - Date.now()) / 86_400_000));
}

function ExpiringList({ companyId, vms, count }: { companyId: number; vms: ExpiringVm[]; count: number }) {
  const { t, i18n } = useTranslation('adminDashboard');
  const wide = useWide();
  const state = (vm: ExpiringVm) => (
    <Group gap={4} wrap="nowrap">
      <Badge
        size="sm"
        variant="light"
        color={vm.state === 'running' ? 'green' : 'gray'}
        c={vm.state === 'running' ? '#1b6b2e' : 'gray.9'}
        tt="none"
      >
        {(STATES as readonly string[]).includes(vm.state) ? t(`vmState.${vm.state as (typeof STATES)[number]}`) : vm.state}
      </Badge>
      {vm.blocked && (
        <Badge size="sm" variant="light" color="red" c="red.9" tt="none">
          {t('expiring.blocked')}
        </Badge>
      )}
    </Group>
  );
  const customer = (vm: ExpiringVm) => (
    <Anchor component={Link} to={adminHref(companyId, `customers/${vm.customer.id}`)} size="sm">
      {vm.customer.name || vm.customer.email}
    </Anchor>
  );
  const ends = (vm: ExpiringVm) =>
    `${formatDate(vm.endAt, i18n.language, { withTime: true })} · ${t('expiring.inDays', { count: daysLeft(vm.endAt) })}`;

  return (
    <Stack gap="sm" component="section" aria-labelledby="expiring-title">
      <div>
        <Title order={3} id="expiring-title">
          {t('expiring.title', { days: EXPIRING_WITHIN_DAYS })}
        </Title>
        <Text size="sm" c="gray.7">
          {count > vms.length ? t('expiring.showing', { shown: vms.length, count }) : t('expiring.intro')}
        </Text>
      </div>
      {vms.length === 0 ? (
        <Card withBorder radius="md" padding="md">
          <Text size="sm" c="gray.7">
            {t('expiring.none', { days: EXPIRING_WITHIN_DAYS })}
          </Text>
        </Card>
      ) : wide ? (
        <ScrollArea type="auto">
          <Table fz="sm" striped verticalSpacing="xs" aria-labelledby="expiring-title">
            <TableHead labels={[t('expiring.vm'), t('expiring.customer'), t('expiring.ends'), t('expiring.state')]} />
            <Table.Tbody>
              {vms.map((vm) => (
                <Table.Tr key={vm.id} data-testid="expiring-vm">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {vm.name}
                    </Text>
                    {vm.alias && (
                      <Text size="xs" c="gray.7">
                        {vm.alias}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {customer(vm)}
                    <Text size="xs" c="gray.7">
                      {vm.customer.email}
                    </Text>
                  </Table.Td>
                  <Table.Td className={ui.nowrap}>{ends(vm)}</Table.Td>
                  <Table.Td>{state(vm)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : (
        <ul className={classes.cards} aria-labelledby="expiring-title">
          {vms.map((vm) => (
            <li key={vm.id}>
              <Card withBorder radius="md" padding="sm" data-testid="expiring-vm">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600} truncate>
                    {vm.name}
                    {vm.alias ? ` · ${vm.alias}` : ''}
                  </Text>
                  {state(vm)}
                </Group>
                <Text size="sm">{customer(vm)}</Text>
                <Text size="xs" c="gray.7">
                  {ends(vm)}
                </Text>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}

function Overview({ companyId, overview }: { companyId: number; overview: DashboardOverview }) {
  const { t } = useTranslation('adminDashboard');
  const states = STATES.filter((s) => (overview.vmStates[s] ?? 0) > 0)
    .map((s) => t('vmStateCount', { state: t(`vmState.${s}`), count: overview.vmStates[s] ?? 0 }))
    .join(' · ');
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <StatCard icon={IconServer} color="teal" label={t('stats.activeVms')} value={overview.activeVms} testId="stat-active-vms">
        <Text size="xs" c="gray.7">
          {states || t('stats.noVms')}
        </Text>
      </StatCard>
      <StatCard
        icon={IconAlarm}
        color="orange"
        label={t('stats.expiring', { days: EXPIRING_WITHIN_DAYS })}
        value={overview.expiringCount}
        testId="stat-expiring"
      >
        <Text size="xs" c="gray.7">
          {t('stats.expiringHint')}
        </Text>
      </StatCard>
      <StatCard icon={IconTicket} color="red" label={t('stats.openTickets')} value={overview.openTickets} testId="stat-open-tickets">
        <Text size="xs" c="gray.7">
          {t('stats.inProgress', { count: overview.inProgressTickets })} ·{' '}
          <Anchor component={Link} to={`${adminHref(companyId, 'tickets')}?status=Open`} size="xs">
            {t('stats.openQueue')}
          </Anchor>
        </Text>
      </StatCard>
    </SimpleGrid>
  );
}

/** /admin/c/:companyId/dashboard — VMs, tickets and (owners, admins) revenue, as cards and charts. */
export default function DashboardPage() {
  const { t } = useTranslation('adminDashboard');
  const companyId = useScopedCompanyId();
  const session = useOperatorSession();
  const seesRevenue = session?.operator.role === 'owner' || session?.operator.role === 'admin';
  const overview = useDashboardOverview(companyId);

  return (
    <Stack gap="xl">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text size="sm" c="gray.7">
          {seesRevenue ? t('intro') : t('introSupport')}
        </Text>
      </div>
      {overview.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} height={110} radius="md" />
          ))}
        </SimpleGrid>
      ) : overview.data ? (
        <Overview companyId={companyId} overview={overview.data} />
      ) : (
        <Text c="red.9" role="alert">
          {t('common.failed')}: {overview.error instanceof ApiError ? overview.error.message : ''}
        </Text>
      )}
      {seesRevenue && (
        <Suspense fallback={<Skeleton height={360} radius="md" />}>
          <RevenueSection companyId={companyId} />
        </Suspense>
      )}
      {overview.data && <ExpiringList companyId={companyId} vms={overview.data.expiring} count={overview.data.expiringCount} />}
    </Stack>
  );
}
