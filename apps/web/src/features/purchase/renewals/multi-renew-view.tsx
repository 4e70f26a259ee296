import '../mantine-purchase-styles.ts';
import { ActionIcon, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MultiRenewDetails } from '@mawingu/contracts/renewals';
import { paths } from '../../../app/paths.ts';
import { formatMoney } from '../../../lib/money.ts';
import classes from '../components/purchase.module.css';
import { useBack } from '../use-back.ts';
import { RenewBillCard } from './renew-bill-card.tsx';
import { MultiRenewVms } from './multi-renew-vms.tsx';
import { multiRenewBillOf, multiRenewSpecOf } from './renew-bill.ts';
import { TimePeriodSelect, useRenewPeriod } from './renew-period.tsx';
import { useBuyNow } from './use-buy-now.tsx';

/** /renewMultipleVM/{value} once loaded: the VMs' table, the time period, the summed bill and Buy Now. */
export function MultiRenewView({ details }: { details: MultiRenewDetails }) {
  const { t } = useTranslation('renewals');
  const navigate = useNavigate();
  const back = useBack(paths.customerProfile.getHref(2));
  const { days, setDays, bill } = useRenewPeriod(details, multiRenewBillOf);
  const rows = details.VMProductDetail;
  const daysExtended = rows.reduce((n, r) => n + r.daysExtended, 0);
  const money = (amount: string) => formatMoney(amount, details.currency);

  const { buyNow, dialogs } = useBuyNow({
    gateways: details.country[0]?.paymentGateway ?? details.paymentGateway,
    byPassflag: details.byPassflag,
    currency: details.currency,
    zarToUsdRate: details.zarToUsdRate,
    bill,
    proceed: (gateway) => {
      if (!bill || days === null) return;
      void navigate(paths.purchaseDetails.getHref(5), { state: multiRenewSpecOf(details, days, gateway, bill) });
    },
  });

  return (
    <>
      <div className={classes.band}>
        <Container py={{ base: 20, sm: 32 }}>
          <Group gap="md" wrap="nowrap" align="center">
            <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('renew.back')} onClick={back}>
              <IconArrowLeft size={18} stroke={1.8} aria-hidden />
            </ActionIcon>
            <Stack gap={2}>
              <Title order={1} className={classes.title}>
                {t('multi.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('multi.count', { count: rows.length })}
              </Text>
            </Stack>
          </Group>
        </Container>
      </div>
      <Container py={{ base: 20, sm: 32 }}>
        <Stack gap="lg">
          {/* The whole width for the table: its seven columns and the Amount fit at 1280 px (ADR 0097). */}
          <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="vms-title">
            <Title order={2} id="vms-title" className={classes.sectionTitle} mb="md">
              {t('multi.table')}
            </Title>
            <MultiRenewVms rows={rows} amountOf={(i) => (bill ? money(bill.vms[i]!.total) : '—')} />
          </Card>
          <Grid gap={{ base: 'md', md: 'xl' }} align="flex-start">
            <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
              <Card padding="lg" withBorder radius="md">
                <TimePeriodSelect periods={details.timePeriod} days={days} onChange={setDays} />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
              {bill && days !== null && (
                <RenewBillCard
                  bill={bill}
                  daysExtended={daysExtended}
                  currency={details.currency}
                  taxPercent={details.taxValue}
                  days={days}
                  onBuyNow={buyNow}
                />
              )}
            </Grid.Col>
          </Grid>
        </Stack>
      </Container>
      {dialogs}
    </>
  );
}
