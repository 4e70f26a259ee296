import { useMemo, useState } from 'react';
import { Alert, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { maintenanceSection, vmSection, type CompanySettings } from '@mawingu/contracts/admin/companies';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { SectionForm } from './section-form.tsx';
import { useSectionForm, withinSection } from './use-section-form.ts';

type MaintenanceValues = CompanySettings['maintenance'];
type VmValues = CompanySettings['vm'];

function MaintenanceForm({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const values = useMemo(() => ({ ...settings.maintenance }), [settings.maintenance]);
  const { form, save, saving, formError } = useSectionForm<MaintenanceValues>(companyId, {
    draft: 'maintenance',
    schema: maintenanceSection,
    values,
    toRequest: (v) => ({ maintenance: v }),
    fieldOf: withinSection('maintenance'),
  });
  const [pending, setPending] = useState<MaintenanceValues | null>(null);
  // Turning maintenance on closes the whole site to visitors: the operator confirms first.
  const submit = form.handleSubmit(async (v) => {
    if (v.enabled && !settings.maintenance.enabled) setPending(v);
    else await save(v);
  });
  const { errors } = form.formState;
  return (
    <SectionForm
      title={t('maintenance.title')}
      description={t('maintenance.intro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
    >
      {settings.maintenance.enabled && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('maintenance.onTitle')}>
          {t('maintenance.onText')}
        </Alert>
      )}
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <Switch
            label={t('maintenance.enabled')}
            description={t('maintenance.enabledHint')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            ref={field.ref}
            color="orange"
          />
        )}
      />
      <Textarea
        label={t('maintenance.message')}
        description={t('maintenance.messageHint')}
        autosize
        minRows={2}
        maxLength={500}
        {...form.register('message')}
        error={errors.message?.message}
      />
      <TextInput
        label={t('maintenance.redirect')}
        description={t('maintenance.redirectHint')}
        placeholder="https://"
        type="url"
        {...form.register('redirectUrl')}
        error={errors.redirectUrl?.message}
      />
      <ConfirmModal
        opened={pending !== null}
        title={t('maintenance.confirmTitle')}
        text={t('maintenance.confirmText', { name: settings.brand.name })}
        confirmLabel={t('maintenance.confirm')}
        color="orange"
        closeLabel={t('cancel')}
        pending={saving}
        onConfirm={() => {
          const v = pending;
          setPending(null);
          if (v) void save(v);
        }}
        onClose={() => setPending(null)}
      />
    </SectionForm>
  );
}

function VmForm({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const values = useMemo(() => ({ ...settings.vm }), [settings.vm]);
  const { form, submit, saving, formError } = useSectionForm<VmValues>(companyId, {
    draft: 'vm-settings',
    schema: vmSection,
    values,
    toRequest: (v) => ({ vm: v }),
    fieldOf: withinSection('vm'),
  });
  return (
    <SectionForm
      title={t('vm.title')}
      description={t('vm.intro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
    >
      <Controller
        control={form.control}
        name="expiryGraceDays"
        render={({ field, fieldState }) => (
          <NumberInput
            label={t('vm.graceDays')}
            description={t('vm.graceDaysHint')}
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            maw={480}
            value={field.value}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="ipMaintenance"
        render={({ field }) => (
          <Switch
            label={t('vm.ipMaintenance')}
            description={t('vm.ipMaintenanceHint')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
    </SectionForm>
  );
}

/** Maintenance mode (the whole site) and the VM settings (expiry grace, public-IP maintenance). */
export function MaintenanceTab({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  return (
    <Stack gap="lg">
      <MaintenanceForm companyId={companyId} settings={settings} />
      <VmForm companyId={companyId} settings={settings} />
    </Stack>
  );
}
