import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Divider, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { etimsSettingsInput, type EtimsSettings, type EtimsSettingsInput } from '@mawingu/contracts/admin/etims';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useEtimsSettings, useInitialiseEtims, useSaveEtimsSettings } from './etims-api.ts';
import { placeApiErrors } from './use-section-form.ts';

const KRA_OSCU = 'https://etims-api.kra.go.ke/etims-api/';
const valuesOf = (s: EtimsSettings | null | undefined): EtimsSettingsInput => ({
  branchId: s?.branchId ?? '00',
  deviceSerial: s?.deviceSerial ?? '',
  baseUrl: s?.baseUrl ?? KRA_OSCU,
});

/** Where the device stands: initialised (with KRA's control unit ids), or not yet, or KRA's last refusal. */
function DeviceState({ settings }: { settings: EtimsSettings | null }) {
  const { t, i18n } = useTranslation('adminCompanies');
  if (!settings) return <Text size="sm">{t('etims.notSaved')}</Text>;
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <Group gap="xs">
        <Badge color={settings.initialised ? 'green' : 'gray'} variant="light" tt="none">
          {settings.initialised ? t('etims.initialised') : t('etims.notInitialised')}
        </Badge>
        {settings.initialised && settings.sdcId && (
          <Text size="sm">{t('etims.controlUnit', { sdcId: settings.sdcId, mrcNo: settings.mrcNo ?? '' })}</Text>
        )}
      </Group>
      {settings.initialisedAt && (
        <Text size="xs" c="gray.7">
          {t('etims.initialisedAt', { at: new Date(settings.initialisedAt).toLocaleString(i18n.language) })}
        </Text>
      )}
      {settings.initError && (
        <Alert color="red" variant="light" title={t('etims.initFailed')}>
          {settings.initError}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The eTIMS part of a Kenyan entity's form (ADR 0121): branch id, device serial and OSCU address,
 * saved on their own, and "Initialise device", which asks KRA for the device's key. The key itself
 * is never shown; success or KRA's refusal is.
 */
export function EtimsDeviceForm({ companyId, entityId }: { companyId: number; entityId: number }) {
  const { t } = useTranslation('adminCompanies');
  const query = useEtimsSettings(companyId, entityId);
  const save = useSaveEtimsSettings(companyId, entityId);
  const initialise = useInitialiseEtims(companyId, entityId);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(etimsSettingsInput as never) as unknown as Resolver<EtimsSettingsInput>, []);
  const settings = query.data?.settings ?? null;
  const values = useMemo(() => valuesOf(settings), [settings]);
  const form = useForm<EtimsSettingsInput>({ resolver, values });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync(body);
      showSuccessToast(t('etims.saved'));
    } catch (err) {
      setFormError(placeApiErrors(err, form, (field) => field));
    }
  });

  const initialiseDevice = async () => {
    try {
      const answer = await initialise.mutateAsync();
      if (answer.data?.settings?.initialised) showSuccessToast(answer.message);
      else showErrorToast(answer.message);
    } catch (err) {
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
  };

  return (
    <section aria-labelledby={`etims-${entityId}`}>
      <Divider my="md" />
      <Stack gap="sm">
        <Title order={3} size="h5" id={`etims-${entityId}`}>
          {t('etims.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('etims.intro')}
        </Text>
        {query.isPending ? (
          <Skeleton height={120} radius="md" aria-label={t('loading')} />
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('etims.title')}>
            <Stack gap="sm">
              <DeviceState settings={settings} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('etims.branchId')}
                  description={t('etims.branchIdHint')}
                  required
                  maxLength={2}
                  {...form.register('branchId')}
                  error={errors.branchId?.message}
                />
                <TextInput
                  label={t('etims.deviceSerial')}
                  description={t('etims.deviceSerialHint')}
                  required
                  maxLength={100}
                  {...form.register('deviceSerial')}
                  error={errors.deviceSerial?.message}
                />
              </SimpleGrid>
              <TextInput
                label={t('etims.baseUrl')}
                description={t('etims.baseUrlHint')}
                required
                maxLength={300}
                {...form.register('baseUrl')}
                error={errors.baseUrl?.message}
              />
              {formError && (
                <Alert color="red" variant="light" role="alert">
                  {formError}
                </Alert>
              )}
              <Group gap="sm">
                <Button type="submit" variant="default" loading={save.isPending}>
                  {t('etims.save')}
                </Button>
                <Button
                  type="button"
                  leftSection={<IconPlugConnected size={16} aria-hidden />}
                  onClick={() => void initialiseDevice()}
                  loading={initialise.isPending}
                  disabled={!settings || form.formState.isDirty}
                >
                  {t('etims.initialise')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </section>
  );
}
