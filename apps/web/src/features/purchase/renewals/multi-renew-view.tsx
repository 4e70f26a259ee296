import '../mantine-purchase-styles.ts';
import { useMemo, useState } from 'react';
import { ActionIcon, Button, Card, Container, Grid, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MultiRenewDetails } from '@mawingu/contracts/renewals';
import { paths } from '../../../app/paths.ts';
import { OsIcon, useOsLabel } from '../../../components/os-icon.tsx';
import { formatMoney } from '../../../lib/money.ts';
import classes from '../components/purchase.module.css';
import { useBack } from '../use-back.ts';
import { RenewBillCard } from './renew-bill-card.tsx';
import { initialDays, multiRenewBillOf, multiRenewSpecOf } from './renew-bill.ts';
import { useBuyNow } from './use-buy-now.tsx';

/** /renewMultipleVM/{value} once loaded: the VMs' table, the time period, the summed bill and Buy Now. */
export function MultiRenewView({ details }: { details: MultiRenewDetails }) {
  const { t } = useTranslation('renewals');
  const osLabel = useOsLabel();
  const navigate = useNavigate();
  const back = useBack(paths.customerProfile.getHref(2));
  const [days, setDays] = useState<number | null>(() => initialDays(details.timePeriod));
  const bill = useMemo(() => {
    try {
      return days === null ? null : multiRenewBillOf(details, days);
    } catch {
      return null;
    }
  }, [details, days]);
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
        <Grid gap={{ base: 'md', md: 'xl' }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="vms-title">
              <Title order={2} id="vms-title" className={classes.sectionTitle} mb="md">
                {t('multi.table')}
              </Title>
              <Table.ScrollContainer minWidth={620}>
                <Table verticalSpacing="sm" fz="sm" striped highlightOnHover aria-labelledby="vms-title" data-testid="multi-renew-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('multi.vmName')}</Table.Th>
                      <Table.Th>{t('multi.vmOs')}</Table.Th>
                      <Table.Th>{t('multi.processor')}</Table.Th>
                      <Table.Th>{t('multi.memory')}</Table.Th>
                      <Table.Th>{t('multi.disk')}</Table.Th>
                      <Table.Th>{t('multi.daysExtended')}</Table.Th>
                      <Table.Th ta="right">{t('multi.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row, i) => (
                      <Table.Tr key={row.ID}>
                        <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {row.vmName}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <OsIcon osType={row.producttype} size={18} decorative />
                            <span>{osLabel(row.osType || row.producttype)}</span>
                          </Group>
                        </Table.Td>
                        <Table.Td>{t('renew.value', { value: row.cpu_Count, unit: 'vCPU' })}</Table.Td>
                        <Table.Td>{t('renew.value', { value: row.ram_Count, unit: row.ram_Unit })}</Table.Td>
                        <Table.Td>{t('renew.value', { value: row.disk_Count, unit: row.disk_Unit })}</Table.Td>
                        <Table.Td c={row.daysExtended > 0 ? 'red.8' : undefined}>{row.daysExtended}</Table.Td>
                        <Table.Td ta="right" className={classes.amount}>
                          {bill ? money(bill.vms[i]!.total) : '—'}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <NativeSelect
                mt="lg"
                maw={{ base: '100%', xs: 280 }}
                label={t('renew.timePeriod')}
                value={days === null ? '' : String(days)}
                onChange={(e) => setDays(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                data={[
                  { value: '', label: t('renew.timePlaceholder'), disabled: true },
                  ...details.timePeriod.map((p) => ({ value: String(p.TimePeriod), label: p.label })),
                ]}
              />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }} className={classes.sticky}>
            {bill && days !== null && (
              <RenewBillCard bill={bill} daysExtended={daysExtended} currency={details.currency} taxPercent={details.taxValue} days={days}>
                <Button size="md" fullWidth onClick={buyNow}>
                  {t('bill.buyNow')}
                </Button>
              </RenewBillCard>
            )}
          </Grid.Col>
        </Grid>
      </Container>
      {dialogs}
    </>
  );
}
