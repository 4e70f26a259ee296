import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import { rateField, type CurrencySettings } from '@mawingu/contracts/admin/catalogue';
import { toUsd } from '@mawingu/contracts/pricing/currency';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useCurrency, useSaveCurrency } from './catalogue-api.ts';
import { placeApiErrors, QueryView, SectionHeader, useCatalogueText } from './catalogue-ui.tsx';

/** The form holds text; empty means "use the server's rate" (null). */
const rateForm = z.object({ zarToUsdRate: z.union([z.literal(''), rateField]) });
type RateValues = { zarToUsdRate: string };

function example(rate: string): string | null {
  try {
    return toUsd('1000', rate);
  } catch {
    return null;
  }
}

function RateForm({ settings }: { settings: CurrencySettings }) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const companyId = useScopedCompanyId();
  const save = useSaveCurrency(companyId);
  const form = useForm<RateValues>({ resolver: zodResolver(rateForm) as never, values: { zarToUsdRate: settings.zarToUsdRate ?? '' } });
  async function send(rate: string | null) {
    try {
      await save.mutateAsync({ zarToUsdRate: rate });
      showSuccessToast(t('common.savedToast'));
    } catch (err) {
      placeApiErrors(err, form);
      showErrorToast(text(err instanceof Error ? err.message : String(err)) ?? '');
    }
  }
  const submit = form.handleSubmit((values) => send(values.zarToUsdRate.trim() === '' ? null : values.zarToUsdRate.trim()));
  const usd = example(settings.effectiveRate);
  return (
    <Stack gap="md" maw={560}>
      <Paper withBorder p="md" radius="md">
        <Text size="sm">
          {settings.zarToUsdRate === null
            ? t('currency.usingServer', { rate: settings.serverRate })
            : t('currency.usingOwn', { rate: settings.zarToUsdRate })}
        </Text>
        {usd && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('currency.example', { usd })}
          </Text>
        )}
      </Paper>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            {...form.register('zarToUsdRate')}
            label={t('currency.rate')}
            description={t('currency.rateHelp', { rate: settings.serverRate })}
            placeholder={settings.serverRate}
            inputMode="decimal"
            leftSection="R1 ="
            leftSectionWidth={56}
            rightSection="USD"
            rightSectionWidth={48}
            error={text(form.formState.errors.zarToUsdRate?.message)}
            autoComplete="off"
          />
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
            {settings.zarToUsdRate !== null && (
              <Button variant="default" onClick={() => void send(null)} disabled={save.isPending}>
                {t('currency.useServer')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      <Alert color="blue" variant="light">
        {t('currency.note')}
      </Alert>
    </Stack>
  );
}

/** The company's ZAR → USD rate for the PayPal-type gateway (empty: the server's ZAR_TO_USD_RATE). */
export default function CurrencyPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const currency = useCurrency(companyId);
  return (
    <section aria-labelledby="catalogue-currency-title">
      <SectionHeader id="catalogue-currency-title" title={t('currency.title')} description={t('currency.intro')} />
      <QueryView query={currency}>{(settings) => <RateForm settings={settings} />}</QueryView>
    </section>
  );
}
