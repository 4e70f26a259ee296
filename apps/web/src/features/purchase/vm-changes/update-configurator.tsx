import '../mantine-purchase-styles.ts';
import { useMemo, useState } from 'react';
import { Button, Card, Container, Grid, Radio, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Bill } from '@mawingu/contracts/pricing/bill';
import type { UpdateType, VmChangeDetails } from '@mawingu/contracts/vm-changes';
import { paths } from '../../../app/paths.ts';
import { vmLabel } from '../../../components/vm-name.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { ProductHeading } from '../components/product-heading.tsx';
import classes from '../components/purchase.module.css';
import { SpecSliders } from '../components/spec-sliders.tsx';
import { hidesSpecificationTable, withMemory, type SizeKey, type Sizes } from '../configurator.ts';
import { useBack } from '../use-back.ts';
import { currencyOf, currentSizesOf, taxPercentOf, updateBillOf } from './change-bills.ts';
import { ChangeActions } from './change-actions.tsx';
import { updateSpecOf } from './change-spec.ts';
import { usePaymentChoice } from './payment-choice.tsx';
import { UpdateBillCard } from './update-bill-card.tsx';
import { VmSummary } from './vm-summary.tsx';

const MAX_ADDED_DISKS = 2;

/** The sliders of a resize: the disk starts at the VM's size (it never shrinks). */
function resizeDetails(details: VmChangeDetails): VmChangeDetails {
  const disk = details.VMProductDetail.disk_Count;
  return {
    ...details,
    vmSpec: details.vmSpec.map((row) =>
      row.specificationName.trim().toLowerCase() === 'disk'
        ? {
            ...row,
            minValue: Math.min(Math.max(row.minValue, disk), row.maxValue),
          }
        : row,
    ),
  };
}

/** Disk mode: only the Disk slider, from 0 to its maximum. */
function addDiskDetails(details: VmChangeDetails): VmChangeDetails {
  return {
    ...details,
    vmSpec: details.vmSpec.filter((row) => row.specificationName.trim().toLowerCase() === 'disk').map((row) => ({ ...row, minValue: 0 })),
  };
}

/** /updatevm/{id} once the VM is loaded: summary, RamAndCpu or Disk, sliders, the bill of the change, Buy Now. */
export function UpdateConfigurator({ details }: { details: VmChangeDetails }) {
  const { t, i18n } = useTranslation('vmChanges');
  const navigate = useNavigate();
  const back = useBack(paths.customerProfile.getHref(2));
  const product = details.VMProductDetail;
  const current = currentSizesOf(details);
  const [mode, setMode] = useState<UpdateType>('RamAndCpu');
  const [sizes, setSizes] = useState<Sizes>(current);
  const [addDiskGb, setAddDiskGb] = useState(0);
  const payment = usePaymentChoice(details);
  const disksFull = details.addedDisks.length >= MAX_ADDED_DISKS;
  const hidden = hidesSpecificationTable(details);
  const resize = useMemo(() => resizeDetails(details), [details]);
  const addDisk = useMemo(() => addDiskDetails(details), [details]);
  const diskRow = addDisk.vmSpec[0];

  const bill = useMemo(() => updateBillOf(details, mode, sizes, addDiskGb), [details, mode, sizes, addDiskGb]);
  const asBill: Bill = {
    ...bill,
    lines: bill.lines.map((l) => ({
      name: l.name,
      unit: l.unit,
      count: l.toCount,
      amount: l.amount,
    })),
  };
  const currency = currencyOf(details);

  const setSize = (key: SizeKey, value: number) =>
    setSizes((now) => (key === 'memory' ? withMemory(details, now, value) : { ...now, [key]: value }));
  const go = (gateway: string) =>
    void navigate(paths.purchaseDetails.getHref(4), {
      state: updateSpecOf(details, mode, sizes, addDiskGb, bill, gateway),
    });

  return (
    <>
      <ProductHeading
        name={t('update.heading')}
        producttype={details.producttype}
        osType={product.osType}
        description={`${vmLabel(product)} · ${product.productName}`}
        onBack={back}
        backLabel={t('common.back')}
        actions={<ChangeActions details={details} sizes={mode === 'Disk' ? current : sizes} total={bill.total} />}
      />
      <Container py={{ base: 20, sm: 32 }}>
        <Grid gap={{ base: 'md', md: 'xl' }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Stack gap="lg">
              <VmSummary
                id="summary-title"
                title={t('update.summary')}
                items={[
                  { label: t('common.vmName'), value: vmLabel(product) },
                  {
                    label: t('common.processor'),
                    value: t('common.value', {
                      value: product.cpu_Count,
                      unit: 'vCPU',
                    }),
                  },
                  {
                    label: t('common.memory'),
                    value: t('common.value', {
                      value: product.ram_Count,
                      unit: product.ram_Unit,
                    }),
                  },
                  {
                    label: t('common.disk'),
                    value: t('common.value', {
                      value: product.disk_Count,
                      unit: product.disk_Unit,
                    }),
                  },
                  {
                    label: t('update.addedDisks'),
                    value: details.addedDisks.length
                      ? details.addedDisks
                          .map((d) =>
                            t('update.addedDisk', {
                              slot: d.slot,
                              size: d.sizeGb,
                            }),
                          )
                          .join(', ')
                      : t('update.noAddedDisks'),
                  },
                  {
                    label: t('common.endDate'),
                    value: product.endDate
                      ? `${formatDate(product.endDate, i18n.language)} (${t('common.remaining', { count: details.remainingDays })})`
                      : '—',
                  },
                ]}
              />
              <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="resources-title">
                <Radio.Group
                  value={mode}
                  onChange={(value) => setMode(value as UpdateType)}
                  label={
                    <Title order={2} id="resources-title" className={classes.sectionTitle}>
                      {t('update.mode')}
                    </Title>
                  }
                  mb="lg"
                >
                  <Stack gap="xs" mt="sm">
                    <Radio value="RamAndCpu" label={t('update.modeRamAndCpu')} />
                    <Radio
                      value="Disk"
                      label={t('update.modeDisk')}
                      disabled={disksFull}
                      description={disksFull ? t('update.modeDiskFull') : undefined}
                    />
                  </Stack>
                </Radio.Group>
                {hidden ? (
                  <Text size="sm" c="dimmed">
                    {t('update.slidersHidden')}
                  </Text>
                ) : mode === 'Disk' ? (
                  <>
                    <Text size="xs" c="dimmed" mb="lg">
                      {t('update.addDiskHint', {
                        max: diskRow?.maxValue ?? 0,
                        unit: diskRow?.specificationUnit ?? 'GB',
                      })}
                    </Text>
                    <SpecSliders
                      details={addDisk}
                      sizes={{ ...current, disk: addDiskGb }}
                      onChange={(_key, value) => setAddDiskGb(value)}
                    />
                  </>
                ) : (
                  <>
                    <Text size="xs" c="dimmed" mb="lg">
                      {t('update.resourcesHint')}
                    </Text>
                    <SpecSliders details={resize} sizes={sizes} onChange={setSize} />
                  </>
                )}
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }} className={classes.sticky}>
            <UpdateBillCard
              bill={bill}
              currency={currency}
              taxPercent={taxPercentOf(details)}
              days={details.remainingDays}
              notes={[t('update.maxTwoDisks'), t('update.powerNote')]}
            >
              <Button size="md" fullWidth onClick={() => payment.buyNow(go)} disabled={bill.lines.length === 0}>
                {t('common.buyNow')}
              </Button>
            </UpdateBillCard>
          </Grid.Col>
        </Grid>
      </Container>
      {payment.dialogs(asBill, go)}
    </>
  );
}
