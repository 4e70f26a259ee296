import { useEffect, useMemo, useState } from 'react';
import { Badge, Group, PasswordInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/PasswordInput.css';
import '../../../components/segmented-control-styles.ts';
import '@mantine/core/styles/Switch.css';
import type { CompanyMailSettings, SmtpSecurity } from '@mawingu/contracts/admin/company-mail';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useSaveMailSettings } from './company-mail-api.ts';
import { SectionForm } from './section-form.tsx';
import { placeApiErrors } from './use-section-form.ts';

type SenderValues = {
  senderName: string;
  senderAddress: string;
  ownSmtp: boolean;
  host: string;
  port: string;
  security: SmtpSecurity;
  user: string;
  password: string;
};

const valuesOf = (s: CompanyMailSettings): SenderValues => ({
  senderName: s.senderName,
  senderAddress: s.senderAddress,
  ownSmtp: s.smtp !== null,
  host: s.smtp?.host ?? '',
  port: String(s.smtp?.port ?? 587),
  security: s.smtp?.security ?? 'starttls',
  user: s.smtp?.user ?? '',
  password: '',
});

/** The port that usually goes with each kind of security, set when the operator switches it. */
const USUAL_PORT: Record<SmtpSecurity, string> = { tls: '465', starttls: '587', none: '25' };

/**
 * Who the company's mails come from and, optionally, its own SMTP server. The stored password is
 * never shown: the field stays empty ("stored") and an empty field keeps it.
 */
export function MailSenderForm({ companyId, settings }: { companyId: number; settings: CompanyMailSettings }) {
  const { t } = useTranslation('adminCompanies');
  const save = useSaveMailSettings(companyId);
  const values = useMemo(() => valuesOf(settings), [settings]);
  const form = useForm<SenderValues>({ values });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors } = form.formState;
  const ownSmtp = form.watch('ownSmtp');
  useEffect(() => setFormError(null), [ownSmtp]);

  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await save.mutateAsync({
        senderName: v.senderName,
        senderAddress: v.senderAddress,
        smtp: v.ownSmtp ? { host: v.host, port: Number(v.port), security: v.security, user: v.user, password: v.password } : null,
      });
      showSuccessToast(t('mail.senderSaved'));
    } catch (err) {
      setFormError(placeApiErrors(err, form, (field) => field.replace(/^smtp\./, '')));
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
  });

  return (
    <SectionForm
      title={t('mail.senderTitle')}
      description={t('mail.senderIntro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={save.isPending}
      formError={formError}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('mail.senderName')}
          placeholder={settings.defaultSenderName}
          description={t('mail.defaultHint', { value: settings.defaultSenderName })}
          maxLength={80}
          {...form.register('senderName')}
          error={errors.senderName?.message}
        />
        <TextInput
          label={t('mail.senderAddress')}
          type="email"
          placeholder={settings.defaultSenderAddress}
          description={t('mail.defaultHint', { value: settings.defaultSenderAddress })}
          maxLength={254}
          {...form.register('senderAddress')}
          error={errors.senderAddress?.message}
        />
      </SimpleGrid>
      <Controller
        control={form.control}
        name="ownSmtp"
        render={({ field }) => (
          <Switch
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            label={t('mail.ownSmtp')}
            description={t('mail.ownSmtpHint')}
          />
        )}
      />
      {ownSmtp && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('mail.host')}
              required
              placeholder="smtp.example.com"
              autoComplete="off"
              {...form.register('host')}
              error={errors.host?.message}
            />
            <TextInput label={t('mail.port')} required inputMode="numeric" {...form.register('port')} error={errors.port?.message} />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="security"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('mail.security')}
                </Text>
                <SegmentedControl
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    form.setValue('port', USUAL_PORT[value as SmtpSecurity], { shouldDirty: true });
                  }}
                  data={(['starttls', 'tls', 'none'] as const).map((value) => ({ value, label: t(`mail.securityOf.${value}`) }))}
                  aria-label={t('mail.security')}
                  style={{ alignSelf: 'flex-start' }}
                />
                {errors.security?.message && (
                  <Text size="xs" c="red">
                    {errors.security.message}
                  </Text>
                )}
              </Stack>
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('mail.user')} autoComplete="off" {...form.register('user')} error={errors.user?.message} />
            <PasswordInput
              label={
                <Group gap={6} component="span">
                  {t('mail.password')}
                  {settings.smtp?.passwordSet && (
                    <Badge size="xs" variant="filled" color="teal.9" component="span">
                      {t('mail.passwordStored')}
                    </Badge>
                  )}
                </Group>
              }
              description={settings.smtp?.passwordSet ? t('mail.passwordKeep') : undefined}
              autoComplete="new-password"
              {...form.register('password')}
              error={errors.password?.message}
            />
          </SimpleGrid>
        </Stack>
      )}
    </SectionForm>
  );
}
