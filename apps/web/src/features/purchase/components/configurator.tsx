import '../mantine-purchase-styles.ts';
import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Button, Card, Container, Grid, NativeSelect, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled, IconShare } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { totalsInUsd } from '@mawingu/contracts/pricing/currency';
import type { NewVmProductDetails } from '@mawingu/contracts/purchase';
import { useSaveVMForLater } from '../../../api/saved/save-vm-for-later.ts';
import { paths } from '../../../app/paths.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import {
  billOf,
  buyNowOutcome,
  DEFAULT_BILL_DAYS,
  hidesSpecificationTable,
  startingPoint,
  withMemory,
  type SizeKey,
  type Sizes,
} from '../configurator.ts';
import { newVmSpecOf } from '../purchase-spec.ts';
import { showField } from '../show-field.ts';
import { useBack } from '../use-back.ts';
import { useVmName } from '../use-vm-name.ts';
import { BillCard } from './bill-card.tsx';
import { ChooseGatewayDialog } from './choose-gateway-dialog.tsx';
import { PaypalCurrencyDialog } from './paypal-currency-dialog.tsx';
import { ProductHeading } from './product-heading.tsx';
import classes from './purchase.module.css';
import { ShareDialog } from './share-dialog.tsx';
import { SpecSliders } from './spec-sliders.tsx';
import { SshKeyPicker } from './ssh-key-picker.tsx';
import { SpecificationTable } from './specification-table.tsx';
import { VmNameField } from './vm-name-field.tsx';

type Dialog = { kind: 'usd'; gateway: string } | { kind: 'choose'; gateways: string[] } | { kind: 'share' } | null;

/** /productdetails/{productID} once the product is loaded: region, time, sliders, the live bill and Buy Now. */
export function Configurator({ details }: { details: NewVmProductDetails }) {
  const { t } = useTranslation('purchase');
  const specText = useSpecTextIn('purchase');
  const navigate = useNavigate();
  const back = useBack(paths.marketplace.getHref());
  const save = useSaveVMForLater();
  const product = details.VMProductDetail;

  const [search] = useSearchParams();
  // A saved item's View reopens its configuration (query ram, disk, cpu, region, days).
  const [start] = useState(() => startingPoint(details, search));
  const [sizes, setSizes] = useState<Sizes>(start.sizes);
  const [regionId, setRegionId] = useState<number | null>(start.regionId);
  const [days, setDays] = useState<number | null>(start.days);
  const [missing, setMissing] = useState({ region: false, time: false });
  const [dialog, setDialog] = useState<Dialog>(null);
  const regionRef = useRef<HTMLSelectElement>(null);
  const timeRef = useRef<HTMLSelectElement>(null);
  const [saved, setSaved] = useState(false);
  const [sshKeyIds, setSshKeyIds] = useState<number[]>([]);
  const vmName = useVmName(details.suggestedVmName);
  const [confirmedName, setConfirmedName] = useState<string | null>(null);

  const region = details.country.find((c) => c.countryID === regionId) ?? null;
  const shownRegion = region ?? details.country[0] ?? null;
  const currency = shownRegion?.currency ?? product.vm_currency;
  const taxPercent = shownRegion?.taxValue ?? product.taxValue;
  const bill = useMemo(() => {
    try {
      return billOf(details, sizes, regionId, days);
    } catch {
      // A product without unit prices (never for a customer) cannot be billed.
      return null;
    }
  }, [details, sizes, regionId, days]);

  const setSize = (key: SizeKey, value: number) => {
    setSizes((current) => (key === 'memory' ? withMemory(details, current, value) : { ...current, [key]: value }));
    setSaved(false);
  };

  const goToPurchase = (gateway: string, name = confirmedName) => {
    if (!bill || regionId === null || days === null || name === null) return;
    setDialog(null);
    const spec = { ...newVmSpecOf(details, { ...sizes, regionId, days, gateway }, bill), sshKeyIds, vmName: name };
    void navigate(paths.purchaseDetails.getHref(1), { state: spec });
  };

  const buyNow = async () => {
    const now = { region: regionId === null, time: days === null };
    setMissing(now);
    if (now.region || now.time) {
      // On a phone Buy Now is far below the choices: bring the first missing one into view.
      showField(now.region ? regionRef.current : timeRef.current);
      return;
    }
    if (!bill || !region) return;
    const name = await vmName.confirm();
    setConfirmedName(name);
    if (name === null) return;
    const outcome = buyNowOutcome(region.paymentGateway, details.byPassflag, region.currency);
    switch (outcome.kind) {
      case 'bypass':
        return goToPurchase('', name);
      case 'none':
        return showErrorToast(specText(messages.noPaymentGateway));
      case 'one':
        return outcome.askUsd ? setDialog({ kind: 'usd', gateway: outcome.gateway }) : goToPurchase(outcome.gateway, name);
      case 'choose':
        return setDialog({ kind: 'choose', gateways: outcome.gateways });
    }
  };

  const saveForLater = async () => {
    const reply = await save.mutateAsync({
      productID: details.productid,
      processorCount: sizes.processor,
      processorUnit: 'cores',
      memoryCount: sizes.memory,
      memoryUnit: product.vm_RAM_Unit,
      driveCount: sizes.disk,
      driveUnit: product.vm_Driver_Unit,
      region: regionId ?? 0,
      ...(bill && { totalAmount: bill.total }),
      timePeriod: days ?? 0,
    });
    if (reply.status === 200) {
      setSaved(true);
      showSuccessToast(specText(reply.message));
    } else {
      showErrorToast(specText(reply.message));
    }
  };

  const notes = [
    ...(days === null ? [t('bill.defaultDays')] : []),
    ...(region === null && shownRegion && details.country.length > 1 ? [t('bill.defaultTax', { region: shownRegion.countryName })] : []),
  ];
  const SaveIcon = saved ? IconBookmarkFilled : IconBookmark;

  return (
    <>
      <ProductHeading
        name={product.productName}
        producttype={details.producttype}
        osType={product.osType}
        description={product.description}
        gold={product.isGoldCopy === 1}
        onBack={back}
        backLabel={t('configure.back')}
        actions={
          <>
            <Tooltip label={t('configure.save')} withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                radius="xl"
                aria-label={t('configure.save')}
                aria-pressed={saved}
                onClick={() => void saveForLater()}
                loading={save.isPending}
              >
                <SaveIcon size={18} stroke={1.8} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('configure.share')} withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                radius="xl"
                aria-label={t('configure.share')}
                onClick={() => setDialog({ kind: 'share' })}
              >
                <IconShare size={18} stroke={1.8} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </>
        }
      >
        {bill && (
          <Text size="sm" fw={600} c="dark.6">
            {t('configure.perPeriod', { price: formatMoney(product.vm_Cost, product.vm_currency) })}
          </Text>
        )}
      </ProductHeading>

      <Container py={{ base: 20, sm: 32 }}>
        <Grid gap={{ base: 'md', md: 'xl' }} align="flex-start">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Stack gap="lg">
              <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="where-title">
                <Title order={2} id="where-title" className={classes.sectionTitle} mb="md">
                  {t('configure.where')}
                </Title>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  <NativeSelect
                    ref={regionRef}
                    label={t('configure.region')}
                    value={regionId === null ? '' : String(regionId)}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setRegionId(value ? Number(value) : null);
                      setMissing((m) => ({ ...m, region: false }));
                    }}
                    data={[
                      { value: '', label: t('configure.regionPlaceholder'), disabled: true },
                      ...details.country.map((c) => ({ value: String(c.countryID), label: c.countryName })),
                    ]}
                    error={missing.region ? specText(messages.regionRequired) : undefined}
                    description={
                      region
                        ? t('configure.regionHint', { tax: region.taxValue.replace(/\.?0+$/, ''), currency: region.currency })
                        : undefined
                    }
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                  />
                  <NativeSelect
                    ref={timeRef}
                    label={t('configure.time')}
                    value={days === null ? '' : String(days)}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setDays(value ? Number(value) : null);
                      setMissing((m) => ({ ...m, time: false }));
                    }}
                    data={[
                      { value: '', label: t('configure.timePlaceholder'), disabled: true },
                      ...details.timePeriod.map((p) => ({ value: String(p.TimePeriod), label: p.label })),
                    ]}
                    error={missing.time ? specText(messages.timePeriodRequired) : undefined}
                  />
                </SimpleGrid>
              </Card>

              <VmNameField value={vmName.value} error={vmName.error} onChange={vmName.change} />

              <Card padding="lg" withBorder radius="md" component="section" aria-labelledby="resources-title">
                <Title order={2} id="resources-title" className={classes.sectionTitle}>
                  {t('configure.resources')}
                </Title>
                <Text size="xs" c="dimmed" mb="lg">
                  {t('configure.resourcesHint')}
                </Text>
                <SpecSliders details={details} sizes={sizes} onChange={setSize} />
              </Card>

              <SshKeyPicker value={sshKeyIds} onChange={setSshKeyIds} />

              {!hidesSpecificationTable(details) && (
                <Card
                  padding="lg"
                  withBorder
                  radius="md"
                  component="section"
                  aria-labelledby="spec-title"
                  data-testid="specification-table"
                >
                  <Title order={2} id="spec-title" className={classes.sectionTitle}>
                    {t('configure.specTable')}
                  </Title>
                  <Text size="xs" c="dimmed" mb="sm">
                    {t('configure.specNote')}
                  </Text>
                  <SpecificationTable details={details} />
                </Card>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }} className={classes.sticky}>
            <BillCard bill={bill} currency={currency} taxPercent={taxPercent} days={days ?? DEFAULT_BILL_DAYS} notes={notes}>
              <Button size="md" fullWidth onClick={() => void buyNow()} disabled={!bill}>
                {t('bill.buyNow')}
              </Button>
            </BillCard>
          </Grid.Col>
        </Grid>
      </Container>

      {bill && (
        <>
          <ChooseGatewayDialog
            gateways={dialog?.kind === 'choose' ? dialog.gateways : null}
            currency={currency}
            bill={bill}
            zarToUsdRate={details.zarToUsdRate}
            onClose={() => setDialog(null)}
            onProceed={goToPurchase}
          />
          <PaypalCurrencyDialog
            usd={dialog?.kind === 'usd' ? totalsInUsd(bill, details.zarToUsdRate) : null}
            rate={details.zarToUsdRate}
            onClose={() => setDialog(null)}
            onProceed={() => dialog?.kind === 'usd' && goToPurchase(dialog.gateway)}
          />
        </>
      )}
      <ShareDialog
        opened={dialog?.kind === 'share'}
        onClose={() => setDialog(null)}
        url={window.location.href}
        title={product.productName}
      />
    </>
  );
}
