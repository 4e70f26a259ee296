import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentSettingsReply } from '@mawingu/contracts/admin/payments';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { usePaymentSettings, useSavePaymentSettings } from './payments-api.ts';
import { GatewayAccount } from './gateway-account.tsx';
import { RegionGateways } from './region-gateways.tsx';
import { draftOf, updateOf } from './settings-draft.ts';

function SettingsForm({ companyId, data }: { companyId: number; data: PaymentSettingsReply }) {
  const { t } = useTranslation('adminPayments');
  const save = useSavePaymentSettings(companyId);
  const [draft, setDraft] = useState(() => draftOf(data));
  const [removing, setRemoving] = useState<GatewayKey | null>(null);
  // A saved reply (masked) starts the form again: typed secrets leave the page's memory.
  useEffect(() => setDraft(draftOf(data)), [data]);
  const apiError = save.error instanceof ApiError ? save.error : null;
  const errors = apiError?.fieldErrors ?? {};

  function submit() {
    save.mutate(updateOf(data, draft), { onSuccess: () => showSuccessToast(t('settings.saved')) });
  }

  function remove(gateway: GatewayKey) {
    save.mutate(
      { gateways: { [gateway]: { remove: true } } },
      {
        onSuccess: () => showSuccessToast(t('settings.removed', { gateway: t(`gateway.${gateway}`) })),
        onSettled: () => setRemoving(null),
      },
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="bypass-title">
          <Stack gap="xs">
            <Title order={3} size="h4" id="bypass-title">
              {t('settings.bypassTitle')}
            </Title>
            <Switch
              label={t('settings.bypassLabel')}
              description={t('settings.bypassHint')}
              checked={draft.bypass}
              onChange={(event) => setDraft({ ...draft, bypass: event.currentTarget.checked })}
            />
          </Stack>
        </Card>

        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="regions-title">
          <Stack gap="sm">
            <div>
              <Title order={3} size="h4" id="regions-title">
                {t('settings.regionsTitle')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('settings.regionsIntro')}
              </Text>
            </div>
            {data.regions.length === 0 ? (
              <Text size="sm">{t('settings.noRegions')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="lg">
                {data.regions.map((region, index) => (
                  <RegionGateways
                    key={region.id}
                    region={region}
                    index={index}
                    chosen={draft.regions[region.id] ?? []}
                    error={errors[`regions.${index}.gateways`] ?? errors[`regions.${index}.id`]}
                    onChange={(next) => setDraft({ ...draft, regions: { ...draft.regions, [region.id]: next } })}
                  />
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Card>

        <section aria-labelledby="accounts-title">
          <Stack gap="sm">
            <div>
              <Title order={3} size="h4" id="accounts-title">
                {t('settings.accountsTitle')}
              </Title>
              <Text size="sm" c="gray.7">
                {t('settings.accountsIntro')}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {data.gateways.map((row) => (
                <GatewayAccount
                  key={row.gateway}
                  row={row}
                  draft={draft.gateways[row.gateway]!}
                  errors={errors}
                  onChange={(next) => setDraft({ ...draft, gateways: { ...draft.gateways, [row.gateway]: next } })}
                  onRemove={() => setRemoving(row.gateway)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </section>

        {apiError && (
          <Alert color="red" variant="light" role="alert">
            {Object.keys(errors).length ? t('settings.fixErrors') : apiError.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending && removing === null}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>

      {removing && (
        <ConfirmModal
          opened
          title={t('settings.removeTitle', { gateway: t(`gateway.${removing}`) })}
          text={t('settings.removeText', { gateway: t(`gateway.${removing}`) })}
          confirmLabel={t('settings.removeConfirm')}
          color="red.9"
          closeLabel={t('common.cancel')}
          pending={save.isPending}
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </form>
  );
}

/** /admin/c/:companyId/payments — bypass, gateways per region, the company's own gateway accounts. */
export default function PaymentSettingsPage() {
  const { t } = useTranslation('adminPayments');
  const companyId = useScopedCompanyId();
  const query = usePaymentSettings(companyId);
  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={2}>{t('settings.title')}</Title>
        <Text size="sm" c="gray.7">
          {t('settings.intro')}
        </Text>
      </div>
      <QueryState area="adminPayments" query={query} rows={4}>
        {(data) => <SettingsForm key={companyId} companyId={companyId} data={data} />}
      </QueryState>
    </Stack>
  );
}
