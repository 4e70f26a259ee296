import { useMemo, useState } from 'react';
import { Badge, Button, Code, Group, Paper, Select, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconEye, IconRestore, IconSend } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import '../../../components/segmented-control-styles.ts';
import '@mantine/core/styles/Code.css';
import type { CompanyMailTexts, MailPreview, MailTextInput } from '@mawingu/contracts/admin/company-mail';
import type { Language } from '@mawingu/contracts/languages';
import type { MailTextKey } from '@mawingu/contracts/mail-texts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { usePreviewMail, useResetMailText, useSaveMailText, useTestMail } from './company-mail-api.ts';
import { SectionForm } from './section-form.tsx';
import { placeApiErrors } from './use-section-form.ts';
import classes from './companies.module.css';

const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', ko: '한국어' };

/** The mail as the customer gets it, drawn in a sandboxed frame (no scripts, no navigation). */
function PreviewPane({ preview }: { preview: MailPreview }) {
  const { t } = useTranslation('adminCompanies');
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('mail.previewTitle')}>
      <Stack gap={6}>
        <Text size="sm">
          <Text span c="dimmed">
            {t('mail.from')}:{' '}
          </Text>
          <span style={{ overflowWrap: 'anywhere' }}>{preview.from}</span>
        </Text>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {preview.subject}
        </Text>
        <iframe title={t('mail.previewTitle')} srcDoc={preview.html} sandbox="" className={classes.mailPreview} />
      </Stack>
    </Paper>
  );
}

/** Edits one mail's subject and body per language, with a preview and a test to the operator's own address. */
export function MailTextsEditor({ companyId, texts }: { companyId: number; texts: CompanyMailTexts }) {
  const { t } = useTranslation('adminCompanies');
  const [key, setKey] = useState<MailTextKey>(texts.mails[0]!.key);
  const [language, setLanguage] = useState<Language>('en');
  const mail = texts.mails.find((m) => m.key === key)!;
  const slot = mail.texts.find((x) => x.language === language)!;
  const values = useMemo<MailTextInput>(() => ({ ...slot.current }), [slot]);
  const form = useForm<MailTextInput>({ values });
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<MailPreview | null>(null);
  const save = useSaveMailText(companyId);
  const reset = useResetMailText(companyId);
  const previewCall = usePreviewMail(companyId);
  const testCall = useTestMail(companyId);

  const failed = (err: unknown) => {
    setFormError(placeApiErrors(err, form, (field) => (field === 'subject' || field === 'body' ? field : null)));
    showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
  };
  const choose = (next: { key?: MailTextKey; language?: Language }) => {
    setPreview(null);
    setFormError(null);
    if (next.key) setKey(next.key);
    if (next.language) setLanguage(next.language);
  };

  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync({ key, language, body });
      showSuccessToast(t('mail.textSaved'));
    } catch (err) {
      failed(err);
    }
  });
  const showPreview = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      setPreview(await previewCall.mutateAsync({ key, language, ...body }));
    } catch (err) {
      failed(err);
    }
  });
  const sendTest = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const sent = await testCall.mutateAsync({ key, language, ...body });
      showSuccessToast(t('mail.testSent', { to: sent.to }));
    } catch (err) {
      failed(err);
    }
  });
  const backToDefault = async () => {
    try {
      await reset.mutateAsync({ key, language });
      setPreview(null);
      showSuccessToast(t('mail.textReset'));
    } catch (err) {
      failed(err);
    }
  };

  return (
    <SectionForm
      title={t('mail.textsTitle')}
      description={t('mail.textsIntro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={save.isPending}
      formError={formError}
      saveLabel={t('mail.saveText')}
    >
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('mail.which')}
          value={key}
          onChange={(value) => value && choose({ key: value as MailTextKey })}
          data={texts.mails.map((m) => ({ value: m.key, label: t(`mail.kind.${m.key}`) }))}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
        <SegmentedControl
          value={language}
          onChange={(value) => choose({ language: value as Language })}
          data={mail.texts.map((x) => ({ value: x.language, label: LANGUAGE_LABELS[x.language] }))}
          aria-label={t('mail.language')}
        />
        {slot.edited ? (
          <Badge variant="filled" color="teal.9">
            {t('mail.edited')}
          </Badge>
        ) : (
          <Badge variant="outline" color="gray.7">
            {t('mail.default')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('mail.placeholders')}{' '}
        {mail.placeholders.map((p) => (
          <Code key={p} mr={4}>{`{${p}}`}</Code>
        ))}
      </Text>
      <TextInput label={t('mail.subject')} required maxLength={200} {...form.register('subject')} error={errors.subject?.message} />
      <Textarea
        label={t('mail.body')}
        description={t('mail.bodyHint')}
        required
        autosize
        minRows={8}
        maxRows={20}
        maxLength={5000}
        {...form.register('body')}
        error={errors.body?.message}
      />
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          leftSection={<IconEye size={16} aria-hidden />}
          onClick={() => void showPreview()}
          loading={previewCall.isPending}
        >
          {t('mail.preview')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={() => void sendTest()}
          loading={testCall.isPending}
        >
          {t('mail.sendTest')}
        </Button>
        {slot.edited && (
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconRestore size={16} aria-hidden />}
            onClick={() => void backToDefault()}
            loading={reset.isPending}
          >
            {t('mail.reset')}
          </Button>
        )}
      </Group>
      {preview && <PreviewPane preview={preview} />}
    </SectionForm>
  );
}
