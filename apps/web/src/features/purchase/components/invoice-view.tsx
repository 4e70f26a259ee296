import '../mantine-purchase-styles.ts';
import { useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, Card, Container, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { paysInUsd } from '@mawingu/contracts/pricing/currency';
import type { OrderDetail } from '@mawingu/contracts/purchase';
import { paths, type PurchaseKind } from '../../../app/paths.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { readPendingLicence } from '../../../lib/storage/pending-payment.ts';
import { usePay } from '../use-pay.ts';
import { LicencePicker } from './licence-picker.tsx';
import classes from './purchase.module.css';
import { percentText, TotalsList } from './totals-list.tsx';
import { UsdFigures } from './usd-figures.tsx';

const PAID = ['paid', 'fulfilling', 'fulfilled', 'needs_attention'];

type InvoiceViewProps = {
  order: OrderDetail;
  kind: PurchaseKind;
  /** The gateway chosen on the configuration page ('' for bypass), when the spec object is at hand. */
  chosenGateway: string | null;
  needsLicence: boolean;
  onBack: () => void;
};

/** Spec "Purchase details / invoice screen": the order as the server priced it, and Pay. */
export function InvoiceView({ order, kind, chosenGateway, needsLicence, onBack }: InvoiceViewProps) {
  const { t, i18n } = useTranslation('purchase');
  const specText = useSpecTextIn('purchase');
  const bypass = order.byPassFlag === 1;
  const gateway = bypass ? null : (order.paymentMode ?? (chosenGateway || null));
  const usd = order.totalsInUsd && gateway && paysInUsd(order.currencyCode, gateway) ? order.totalsInUsd : null;
  const [licence, setLicence] = useState<string | null>(() => {
    const stored = readPendingLicence();
    return stored?.orderId === order.orderID ? stored.fileName : null;
  });
  const { pay, paying, error } = usePay(order, kind, gateway);

  const money = (amount: string) => formatMoney(amount, order.currencyCode);
  const payable = order.status === 'created';
  const paid = PAID.includes(order.status);
  const title = bypass ? t('invoice.proforma') : t('invoice.invoice');
  const payAmount = usd ? formatMoney(usd.total, 'USD') : money(order.amount);
  const waitingForLicence = needsLicence && licence === null;

  return (
    <>
      <div className={classes.band}>
        <Container py={{ base: 20, sm: 32 }}>
          <Group gap="md" align="flex-start" wrap="nowrap">
            <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('invoice.back')} onClick={onBack} mt={4}>
              <IconArrowLeft size={18} stroke={1.8} aria-hidden />
            </ActionIcon>
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="sm" align="center">
                <Title order={1} className={classes.title}>
                  {title}
                </Title>
                {order.isGoldCopy === 1 && (
                  <Badge color="yellow" variant="filled" radius="sm">
                    {t('invoice.goldBadge')}
                  </Badge>
                )}
              </Group>
              <Text c="dimmed" size="sm">
                {t('invoice.orderId')} <strong data-testid="order-id">{order.orderID}</strong>
                {' · '}
                {formatDate(order.createdAt, i18n.language)}
              </Text>
            </Stack>
          </Group>
        </Container>
      </div>

      <Container py={{ base: 20, sm: 32 }}>
        <Grid gap={{ base: 'md', md: 'xl' }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Stack gap="lg">
              <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="order-title">
                <Title order={2} id="order-title" className={classes.sectionTitle} mb="md">
                  {t('invoice.details')}
                </Title>
                <dl className={classes.meta}>
                  <div>
                    <dt>{t('invoice.orderId')}</dt>
                    <dd>{order.orderID}</dd>
                  </div>
                  <div>
                    <dt>{t('invoice.product')}</dt>
                    <dd>{order.vmName}</dd>
                  </div>
                  <div>
                    <dt>{t('invoice.region')}</dt>
                    <dd>{order.regionName}</dd>
                  </div>
                  <div>
                    <dt>{t('invoice.timePeriod')}</dt>
                    {/* A snapshot (0 days) is kept until deleted. */}
                    <dd>{order.timePeriod > 0 ? t('invoice.days', { count: order.timePeriod }) : t('invoice.untilDeleted')}</dd>
                  </div>
                  <div>
                    <dt>{t('invoice.paymentMode')}</dt>
                    <dd>{gateway ?? t('invoice.bypassMode')}</dd>
                  </div>
                </dl>
              </Card>

              <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="items-title">
                <Title order={2} id="items-title" className={classes.sectionTitle} mb="xs">
                  {t('invoice.items')}
                </Title>
                <Table className={classes.billTable} verticalSpacing="sm" fz="sm" aria-labelledby="items-title">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th c="dimmed" fw={500}>
                        {t('invoice.item')}
                      </Table.Th>
                      <Table.Th c="dimmed" fw={500}>
                        {t('invoice.size')}
                      </Table.Th>
                      <Table.Th c="dimmed" fw={500}>
                        {t('invoice.price')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {order.lines.map((line) => (
                      <Table.Tr key={line.name} data-testid={`order-line-${line.name.toLowerCase()}`}>
                        <Table.Td fw={500}>{line.name}</Table.Td>
                        <Table.Td>{`${line.count} ${line.unit}`}</Table.Td>
                        <Table.Td className={classes.amount}>{money(line.amount)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>

              {needsLicence && payable && <LicencePicker orderId={order.orderID} chosen={licence} onChosen={setLicence} />}
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 5, lg: 4 }} className={classes.sticky}>
            <Card padding="lg" withBorder shadow="sm" radius="md" component="section" aria-labelledby="summary-title">
              <Stack gap="md">
                <Title order={2} id="summary-title" className={classes.sectionTitle}>
                  {t('invoice.summary')}
                </Title>
                <TotalsList
                  rows={[
                    { label: t('invoice.totalPrice'), value: money(order.cost), testId: 'order-price' },
                    { label: t('invoice.tax', { percent: percentText(order.tax) }), value: money(order.taxAmount), testId: 'order-tax' },
                    {
                      label: t('invoice.discount'),
                      value: order.discount === '0.00' ? money(order.discount) : `−${money(order.discount)}`,
                      testId: 'order-discount',
                    },
                    ...(order.arrears !== '0.00' ? [{ label: t('invoice.arrears'), value: money(order.arrears) }] : []),
                    { label: t('invoice.totalPayable'), value: money(order.amount), grand: true, testId: 'order-total' },
                  ]}
                />
                {usd && <UsdFigures usd={usd} note={t('invoice.usdNote')} />}
                {bypass && payable && (
                  <Text size="xs" c="dimmed">
                    {t('invoice.proformaNote')}
                  </Text>
                )}
                {error && (
                  <Alert color="red" variant="light" role="alert">
                    <Stack gap={4} align="flex-start">
                      <Text size="sm">{specText(error.message)}</Text>
                      {error.alreadyPaid && (
                        <Anchor component={Link} to={paths.customerProfile.getHref(2)} size="sm" fw={600}>
                          {t('invoice.alreadyPaidLink')}
                        </Anchor>
                      )}
                    </Stack>
                  </Alert>
                )}
                {!payable && (
                  <Alert color={paid ? 'teal' : 'gray'} variant="light">
                    <Stack gap={4} align="flex-start">
                      <Text size="sm">{paid ? t('invoice.paid') : specText(messages.orderNotPayable)}</Text>
                      <Anchor component={Link} to={paths.customerProfile.getHref(2)} size="sm" fw={600}>
                        {t('invoice.alreadyPaidLink')}
                      </Anchor>
                    </Stack>
                  </Alert>
                )}
                <Button
                  size="md"
                  fullWidth
                  leftSection={<IconLock size={16} aria-hidden />}
                  onClick={() => void pay()}
                  loading={paying}
                  disabled={!payable || waitingForLicence || paying}
                >
                  {t('invoice.pay', { amount: payAmount })}
                </Button>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
