import '../mantine-purchase-styles.ts';
import { useMemo, useRef, useState } from 'react';
import { Button, Card, Container, Divider, Grid, Group, NativeSelect, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cloneDays, clonePeriodOf } from '@mawingu/contracts/pricing/clone';
import type { VmChangeDetails } from '@mawingu/contracts/vm-changes';
import { OsIcon } from '../../../components/os-icon.tsx';
import { paths } from '../../../app/paths.ts';
import { vmLabel } from '../../../components/vm-name.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { ProductHeading } from '../components/product-heading.tsx';
import classes from '../components/purchase.module.css';
import { percentText, TotalsList } from '../components/totals-list.tsx';
import { slidersOf } from '../configurator.ts';
import { showField } from '../show-field.ts';
import { useBack } from '../use-back.ts';
import { backupBillOf, currencyOf, currentSizesOf, taxPercentOf } from './change-bills.ts';
import { ChangeActions } from './change-actions.tsx';
import { backupSpecOf } from './change-spec.ts';
import { usePaymentChoice } from './payment-choice.tsx';

export type BackupKind = 'Clone' | 'Snapshot';

/** /buyclonevm/{id} and /buysnapshotvm/{id} once loaded: the configuration card, disabled sliders, the bill, clone choices, Buy Now. */
export function BackupConfigurator({ details, kind }: { details: VmChangeDetails; kind: BackupKind }) {
  const { t } = useTranslation('vmChanges');
  const navigate = useNavigate();
  const back = useBack(paths.customerProfile.getHref(2));
  const product = details.VMProductDetail;
  const sizes = currentSizesOf(details);
  const [duration, setDuration] = useState(0);
  const [type, setType] = useState('');
  const [missing, setMissing] = useState({ duration: false, type: false });
  const durationRef = useRef<HTMLSelectElement>(null);
  const typeRef = useRef<HTMLSelectElement>(null);
  const payment = usePaymentChoice(details);
  const currency = currencyOf(details);
  const taxPercent = taxPercentOf(details);
  const bill = useMemo(() => backupBillOf(details, kind, duration, type), [details, kind, duration, type]);
  const money = (amount: string) => formatMoney(amount, currency);
  const period = clonePeriodOf(type);
  // The duration counts periods of the chosen type: 2 weekly is 14 days. A snapshot has no end.
  const timePeriod =
    kind === 'Snapshot'
      ? t('backup.untilDeleted')
      : period && duration
        ? t('common.days', { count: cloneDays(period, duration) })
        : t('backup.timePending');
  const durationLabel = (count: number) => t(period ? `backup.duration_${period}` : 'backup.durationPeriods', { count });
  const typeLabels: Record<string, string> = {
    daily: t('backup.typeDaily'),
    weekly: t('backup.typeWeekly'),
    monthly: t('backup.typeMonthly'),
  };

  const go = (gateway: string) => {
    if (!bill) return;
    void navigate(paths.purchaseDetails.getHref(2), {
      state: backupSpecOf(details, kind, bill, { duration, type, days: period ? cloneDays(period, duration) : 0 }, gateway),
    });
  };
  const buyNow = () => {
    if (kind === 'Clone') {
      // Spec section 5: duration present and non-zero, type chosen and not the placeholder.
      const now = { duration: !duration, type: !type };
      setMissing(now);
      if (now.type || now.duration) return showField(now.type ? typeRef.current : durationRef.current);
    }
    if (bill) payment.buyNow(go);
  };

  const rows = [
    { label: t('common.product'), value: product.productName },
    {
      label: t('common.memory'),
      value: t('common.value', { value: sizes.memory, unit: product.ram_Unit }),
    },
    {
      label: t('common.disk'),
      value: t('common.value', { value: sizes.disk, unit: product.disk_Unit }),
    },
    { label: t('common.processor'), value: String(sizes.processor) },
    {
      label: t('common.timePeriod'),
      value: timePeriod,
    },
    { label: t('common.price'), value: bill ? money(bill.price) : '—' },
  ];

  return (
    <>
      <ProductHeading
        name={t(kind === 'Clone' ? 'backup.cloneHeading' : 'backup.snapshotHeading', { name: vmLabel(product) })}
        producttype={details.producttype}
        osType={product.osType}
        description={t(kind === 'Clone' ? 'backup.cloneIntro' : 'backup.snapshotIntro')}
        onBack={back}
        backLabel={t('common.back')}
        actions={<ChangeActions details={details} sizes={sizes} total={bill?.total ?? null} saveable={false} />}
      />
      <Container py={{ base: 20, sm: 32 }}>
        <Grid gap={{ base: 'md', md: 'xl' }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Stack gap="lg">
              <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="config-title" data-testid="configuration">
                <Group gap="md" mb="md" wrap="nowrap">
                  <div className={classes.logo}>
                    <OsIcon osType={details.producttype} size={32} decorative />
                  </div>
                  <Title order={2} id="config-title" className={classes.sectionTitle}>
                    {t('common.configuration')}
                  </Title>
                </Group>
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" component="dl" m={0}>
                  {rows.map((row) => (
                    <div key={row.label}>
                      <Text component="dt" size="xs" c="dimmed">
                        {row.label}
                      </Text>
                      <Text component="dd" size="sm" fw={600} m={0}>
                        {row.value}
                      </Text>
                    </div>
                  ))}
                </SimpleGrid>
              </Card>

              {kind === 'Clone' && (
                <Card padding="lg" withBorder radius="md" component="section">
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                    <NativeSelect
                      ref={typeRef}
                      label={t('backup.type')}
                      value={type}
                      onChange={(e) => {
                        setType(e.currentTarget.value);
                        setMissing((m) => ({ ...m, type: false }));
                      }}
                      data={[
                        {
                          value: '',
                          label: t('backup.typePlaceholder'),
                          disabled: true,
                        },
                        ...details.cloneType.map((c) => ({
                          value: c,
                          label: typeLabels[c] ?? c,
                        })),
                      ]}
                      error={missing.type ? t('backup.selectType') : undefined}
                    />
                    <NativeSelect
                      ref={durationRef}
                      label={t('backup.duration')}
                      value={duration ? String(duration) : ''}
                      onChange={(e) => {
                        setDuration(Number(e.currentTarget.value) || 0);
                        setMissing((m) => ({ ...m, duration: false }));
                      }}
                      data={[
                        {
                          value: '',
                          label: t('backup.durationPlaceholder'),
                          disabled: true,
                        },
                        ...details.cloneDuration.map((d) => ({
                          value: String(d),
                          label: durationLabel(d),
                        })),
                      ]}
                      error={missing.duration ? t('backup.selectDuration') : undefined}
                    />
                  </SimpleGrid>
                </Card>
              )}

              <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="copy-title">
                <Title order={2} id="copy-title" className={classes.sectionTitle}>
                  {t('backup.resources')}
                </Title>
                <Text size="xs" c="dimmed" mb="lg">
                  {t('backup.resourcesHint')}
                </Text>
                <Stack gap="xl">
                  {slidersOf(details).map((row) => (
                    <div key={row.key}>
                      <Group justify="space-between" mb={6}>
                        <Text size="sm" fw={600}>
                          {row.specificationName}
                        </Text>
                        <Text size="sm" fw={600}>
                          {t('common.value', {
                            value: sizes[row.key],
                            unit: row.specificationUnit,
                          })}
                        </Text>
                      </Group>
                      <Slider
                        disabled
                        min={row.minValue}
                        max={Math.max(row.maxValue, sizes[row.key])}
                        step={Math.max(row.size, 1)}
                        value={sizes[row.key]}
                        thumbLabel={`${row.specificationName} in ${row.specificationUnit}`}
                      />
                    </div>
                  ))}
                </Stack>
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }} className={classes.sticky}>
            <Card
              padding="lg"
              withBorder
              shadow="sm"
              radius="md"
              component="section"
              aria-labelledby="backup-bill-title"
              data-testid="bill"
            >
              <Stack gap="md">
                <Title order={2} id="backup-bill-title" className={classes.sectionTitle}>
                  {t('backup.billTitle')}
                </Title>
                {bill ? (
                  <TotalsList
                    rows={[
                      {
                        label: t('backup.totalPrice'),
                        value: money(bill.price),
                        testId: 'bill-price',
                      },
                      {
                        label: t('backup.tax', {
                          percent: percentText(taxPercent),
                        }),
                        value: money(bill.tax),
                        testId: 'bill-tax',
                      },
                      {
                        label: t('backup.totalPayable'),
                        value: money(bill.total),
                        grand: true,
                        testId: 'bill-total',
                      },
                    ]}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('backup.chooseFirst')}
                  </Text>
                )}
                <Divider />
                <Button size="md" fullWidth onClick={buyNow}>
                  {t('common.buyNow')}
                </Button>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
      {payment.dialogs(bill, go)}
    </>
  );
}
