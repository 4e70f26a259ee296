import '../mantine-purchase-styles.ts';
import { useState } from 'react';
import { ActionIcon, Card, Container, Grid, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RenewVmDetails } from '@mawingu/contracts/renewals';
import { paths } from '../../../app/paths.ts';
import { vmLabel } from '../../../components/vm-name.tsx';
import { useOsLabel } from '../../../components/os-icon.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { ProductHeading } from '../components/product-heading.tsx';
import classes from '../components/purchase.module.css';
import { ShareDialog } from '../components/share-dialog.tsx';
import { useBack } from '../use-back.ts';
import { LockedSliders } from './locked-sliders.tsx';
import { RenewBillCard } from './renew-bill-card.tsx';
import { renewBillOf, renewSpecOf } from './renew-bill.ts';
import { TimePeriodSelect, useRenewPeriod } from './renew-period.tsx';
import { useBuyNow } from './use-buy-now.tsx';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

/** /renewvm/{purchaseId} once loaded: the VM's configuration (sliders disabled), the time period, the renew bill and Buy Now. */
export function RenewVmView({ details }: { details: RenewVmDetails }) {
  const { t } = useTranslation('renewals');
  const osLabel = useOsLabel();
  const navigate = useNavigate();
  const back = useBack(paths.customerProfile.getHref(2));
  const vm = details.VMProductDetail;
  const { days, setDays, bill } = useRenewPeriod(details, renewBillOf, vm.vm_validity);
  const [sharing, setSharing] = useState(false);
  const region = details.country[0];

  const { buyNow, dialogs } = useBuyNow({
    gateways: region?.paymentGateway ?? details.paymentGateway,
    byPassflag: details.byPassflag,
    currency: vm.vm_currency,
    zarToUsdRate: details.zarToUsdRate,
    bill,
    proceed: (gateway) => {
      if (!bill || days === null) return;
      void navigate(paths.purchaseDetails.getHref(3), { state: renewSpecOf(details, days, gateway, bill) });
    },
  });

  const money = (amount: string) => formatMoney(amount, vm.vm_currency);
  const endDate = vm.endDate ? new Date(vm.endDate).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' }) : null;

  return (
    <>
      <ProductHeading
        name={vm.productName}
        producttype={details.producttype}
        osType={vm.osType}
        gold={vm.isGoldCopy === 1}
        onBack={back}
        backLabel={t('renew.back')}
        actions={
          <Tooltip label={t('renew.share')} withArrow>
            <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('renew.share')} onClick={() => setSharing(true)}>
              <IconShare size={18} stroke={1.8} aria-hidden />
            </ActionIcon>
          </Tooltip>
        }
      >
        <Group gap="xs">
          <Text size="sm" fw={600} c="dark.6">
            {t('renew.vmName', { name: vmLabel(vm) })}
          </Text>
          {endDate && (
            <Text size="sm" c={details.daysExtended > 0 ? 'red.8' : 'dimmed'}>
              {details.daysExtended > 0 ? t('renew.expiredFor', { count: details.daysExtended }) : t('renew.endsOn', { date: endDate })}
            </Text>
          )}
        </Group>
      </ProductHeading>

      <Container py={{ base: 20, sm: 32 }}>
        <Grid gap={{ base: 'md', md: 'xl' }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Stack gap="lg">
              <Card
                padding="lg"
                withBorder
                radius="md"
                component="section"
                aria-labelledby="configuration-title"
                data-testid="configuration"
              >
                <Title order={2} id="configuration-title" className={classes.sectionTitle} mb="md">
                  {t('renew.configuration')}
                </Title>
                <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="md" mb="lg">
                  <Fact label={t('renew.product')} value={vm.productName} />
                  <Fact label={t('renew.os')} value={osLabel(vm.osType || details.producttype)} />
                  <Fact label={t('renew.ram')} value={t('renew.value', { value: vm.vm_RAM_Count, unit: vm.vm_RAM_Unit })} />
                  <Fact label={t('renew.disk')} value={t('renew.value', { value: vm.vm_Driver_Count, unit: vm.vm_Driver_Unit })} />
                  <Fact label={t('renew.vcpu')} value={String(vm.vm_CPU_Count)} />
                  <Fact
                    label={t('renew.price')}
                    value={bill && days !== null ? t('renew.pricePerPeriod', { price: money(bill.price), count: days }) : '—'}
                  />
                </SimpleGrid>
                <TimePeriodSelect periods={details.timePeriod} days={days} onChange={setDays} />
              </Card>
              <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="resources-title">
                <Title order={2} id="resources-title" className={classes.sectionTitle}>
                  {t('renew.resources')}
                </Title>
                <Text size="xs" c="dimmed" mb="lg">
                  {t('renew.resourcesHint')}
                </Text>
                <LockedSliders rows={details.vmSpec} />
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }} className={classes.sticky}>
            {bill && days !== null && (
              <RenewBillCard
                lines={bill.lines}
                bill={bill}
                daysExtended={bill.daysExtended}
                currency={vm.vm_currency}
                taxPercent={vm.taxValue}
                days={days}
                onBuyNow={buyNow}
              />
            )}
          </Grid.Col>
        </Grid>
      </Container>
      {dialogs}
      <ShareDialog opened={sharing} onClose={() => setSharing(false)} url={window.location.href} title={vm.productName} />
    </>
  );
}
