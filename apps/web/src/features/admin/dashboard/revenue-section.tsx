import { LOCALES } from '../../../lib/format-date.ts';
import { useState } from 'react';
import { BarChart } from '@mantine/charts';
import { Alert, Card, Group, ScrollArea, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DashboardRevenue } from '@mawingu/contracts/admin/dashboard';
import '@mantine/core/styles/Table.css';
import '../../../components/segmented-control-styles.ts';
import '@mantine/charts/styles.css';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useGatewayName } from '../shell/gateway-name.ts';
import { useConsoleCompanies } from '../shell/use-console-companies.ts';
import { lastDays, useDashboardRevenue, type Period } from './dashboard-api.ts';
import ui from '../shell/console.module.css';
import classes from './dashboard.module.css';
import { DayInput } from '../shell/day-input.tsx';

const PRESETS = ['7', '30', '90'] as const;

/** A South African day ("2026-03-08") as the operator reads it; `short` for chart axes ("8 Mar"). */
function useDayFormat() {
  const { i18n } = useTranslation();
  const locale = LOCALES[i18n.language] ?? i18n.language;
  return (day: string, short = false) =>
    new Intl.DateTimeFormat(
      locale,
      short ? { day: 'numeric', month: 'short', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' },
    ).format(new Date(`${day}T00:00:00Z`));
}

/** Decimal strings compared without floats (for the highest day). */
const cents = (amount: string) => BigInt(amount.replace('.', ''));

/** The company's brand colour for its charts (the console's own blue until the list has loaded). */
function useBrandColour(companyId: number): string {
  return useConsoleCompanies().data?.find((c) => c.id === companyId)?.brandColor ?? 'brand.6';
}

function RevenueCharts({ revenue, currency, colour }: { revenue: DashboardRevenue; currency: string; colour: string }) {
  const { t } = useTranslation('adminDashboard');
  const dayName = useDayFormat();
  const gatewayName = useGatewayName('adminDashboard');
  const total = revenue.totals.find((x) => x.currency === currency);
  // Charts draw numbers; the figures people read (tables, summaries) stay decimal strings.
  const perDay = revenue.days.map((d) => ({ day: dayName(d.day, true), amount: Number(d.totals[currency] ?? '0') }));
  const best = revenue.days.reduce<{ day: string; amount: string } | null>((top, d) => {
    const amount = d.totals[currency] ?? '0.00';
    return !top || cents(amount) > cents(top.amount) ? { day: d.day, amount } : top;
  }, null);
  const gateways = revenue.gateways.filter((g) => g.currency === currency);
  const money = (value: number) => formatMoney(value.toFixed(2), currency);
  const daySummary = t('revenue.daySummary', {
    currency,
    from: dayName(revenue.from),
    to: dayName(revenue.to),
    total: formatMoney(total?.total ?? '0', currency),
    best: best ? formatMoney(best.amount, currency) : '',
    bestDay: best ? dayName(best.day) : '',
  });
  const gatewaySummary = t('revenue.gatewaySummary', {
    currency,
    list: gateways.map((g) => `${gatewayName(g.gateway)} ${formatMoney(g.total, currency)}`).join(', '),
  });

  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      <Card withBorder radius="md" padding="md" className={classes.wide}>
        <Stack gap="xs">
          <Title order={4} id="revenue-day-title">
            {t('revenue.perDay', { currency })}
          </Title>
          <div role="img" aria-label={daySummary} data-testid="revenue-day-chart">
            <BarChart
              h={240}
              data={perDay}
              dataKey="day"
              series={[{ name: 'amount', label: t('revenue.amount', { currency }), color: colour }]}
              valueFormatter={money}
              textColor="gray.7"
              gridColor="gray.3"
              gridAxis="y"
              tickLine="none"
              maxBarWidth={28}
              yAxisProps={{ width: 80 }}
            />
          </div>
          <Text size="sm" c="gray.7">
            {daySummary}
          </Text>
          <details className={classes.details}>
            <summary>{t('revenue.showTable')}</summary>
            <ScrollArea.Autosize mah={320} type="auto">
              <Table fz="sm" striped aria-labelledby="revenue-day-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('revenue.day')}</Table.Th>
                    <Table.Th ta="right">{t('revenue.orders')}</Table.Th>
                    {revenue.currencies.map((c) => (
                      <Table.Th key={c} ta="right">
                        {c}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {revenue.days.map((d) => (
                    <Table.Tr key={d.day}>
                      <Table.Td className={ui.nowrap}>{dayName(d.day)}</Table.Td>
                      <Table.Td ta="right" className={ui.numeric}>
                        {d.orders}
                      </Table.Td>
                      {revenue.currencies.map((c) => (
                        <Table.Td key={c} ta="right" className={ui.numeric}>
                          {formatMoney(d.totals[c] ?? '0', c)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </details>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Title order={4} id="revenue-gateway-title">
            {t('revenue.perGateway', { currency })}
          </Title>
          <div role="img" aria-label={gatewaySummary} data-testid="revenue-gateway-chart">
            <BarChart
              h={Math.max(120, gateways.length * 44 + 40)}
              data={gateways.map((g) => ({ gateway: gatewayName(g.gateway), amount: Number(g.total) }))}
              dataKey="gateway"
              orientation="vertical"
              series={[{ name: 'amount', label: t('revenue.amount', { currency }), color: colour }]}
              valueFormatter={money}
              textColor="gray.7"
              gridAxis="none"
              tickLine="none"
              withXAxis={false}
              yAxisProps={{ width: 110 }}
            />
          </div>
          <Table fz="sm" aria-labelledby="revenue-gateway-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('revenue.gateway')}</Table.Th>
                <Table.Th ta="right">{t('revenue.orders')}</Table.Th>
                <Table.Th ta="right">{t('revenue.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {gateways.map((g) => (
                <Table.Tr key={g.gateway} data-testid="revenue-gateway-row">
                  <Table.Td>{gatewayName(g.gateway)}</Table.Td>
                  <Table.Td ta="right" className={ui.numeric}>
                    {g.orders}
                  </Table.Td>
                  <Table.Td ta="right" className={ui.numeric}>
                    {formatMoney(g.total, currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}

/** Orders paid in a gateway's sandbox: said apart, so nobody takes them for revenue. */
function SandboxNote({ totals }: { totals: DashboardRevenue['testTotals'] }) {
  const { t } = useTranslation('adminDashboard');
  if (totals.length === 0) return null;
  const list = totals.map((x) => t('revenue.sandboxOrders', { count: x.orders, total: formatMoney(x.total, x.currency) })).join(', ');
  return (
    <Alert color="gray" variant="light" title={t('revenue.sandboxTitle')} data-testid="revenue-sandbox">
      {t('revenue.sandboxText', { list })}
    </Alert>
  );
}

/**
 * Revenue of paid orders (owners and admins): the period, the currency, the two charts with their
 * figures. Its own chunk with the charts (recharts): support, who sees no revenue, never loads it.
 */
export default function RevenueSection({ companyId }: { companyId: number }) {
  const { t } = useTranslation('adminDashboard');
  const dayName = useDayFormat();
  const [preset, setPreset] = useState<string>('30');
  const [period, setPeriod] = useState<Period>(() => lastDays(30));
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const valid = period.from !== '' && period.to !== '' && period.from <= period.to;
  const query = useDashboardRevenue(companyId, period, valid);
  const colour = useBrandColour(companyId);
  const revenue = query.data;
  const currency =
    revenue && chosenCurrency && revenue.currencies.includes(chosenCurrency) ? chosenCurrency : (revenue?.currencies[0] ?? null);
  const apiError = query.error instanceof ApiError ? query.error : null;

  return (
    <Stack gap="md" component="section" aria-labelledby="revenue-title">
      <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
        <div>
          <Title order={3} id="revenue-title">
            {t('revenue.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {revenue ? t('revenue.period', { from: dayName(revenue.from), to: dayName(revenue.to) }) : t('revenue.intro')}
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="revenue-preset-label">
              {t('revenue.lastDaysLabel')}
            </Text>
            <SegmentedControl
              aria-labelledby="revenue-preset-label"
              value={preset}
              onChange={(value) => {
                setPreset(value);
                setPeriod(lastDays(Number(value)));
              }}
              data={PRESETS.map((days) => ({ value: days, label: t('revenue.days', { count: Number(days) }) }))}
              size="xs"
            />
          </Stack>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <DayInput
              size="xs"
              label={t('revenue.from')}
              value={period.from}
              max={period.to}
              clearable={false}
              onChange={(day) => {
                setPreset('custom');
                setPeriod({ ...period, from: day });
              }}
              error={apiError?.fieldErrors?.from}
              w={150}
            />
            <DayInput
              size="xs"
              label={t('revenue.to')}
              value={period.to}
              min={period.from}
              clearable={false}
              onChange={(day) => {
                setPreset('custom');
                setPeriod({ ...period, to: day });
              }}
              error={apiError?.fieldErrors?.to ?? (!valid ? t('revenue.dateOrder') : undefined)}
              w={150}
            />
          </Group>
        </Group>
      </Group>
      {revenue && revenue.currencies.length > 1 && currency && (
        <Group gap="xs">
          <Text size="sm" fw={500} id="revenue-currency-label">
            {t('revenue.currency')}
          </Text>
          <SegmentedControl
            aria-labelledby="revenue-currency-label"
            value={currency}
            onChange={setCurrency}
            data={revenue.currencies}
            size="xs"
          />
        </Group>
      )}
      {query.isPending && valid ? (
        <Skeleton height={300} radius="md" aria-busy="true" aria-label={t('common.loading')} />
      ) : apiError && apiError.status !== 400 ? (
        <Alert color="red" variant="light" title={t('common.failed')} role="alert">
          {apiError.status === 403 ? t('revenue.notAllowed') : apiError.message}
        </Alert>
      ) : revenue && currency ? (
        <RevenueCharts revenue={revenue} currency={currency} colour={colour} />
      ) : revenue ? (
        <Card withBorder radius="md">
          <EmptyState icon={IconChartBar} title={t('revenue.none')} text={t('revenue.noneText')} />
        </Card>
      ) : null}
      {revenue && <SandboxNote totals={revenue.testTotals} />}
    </Stack>
  );
}
