import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  BUILT_IN_DOCUMENT,
  COMPANY_LIMITS,
  documentsSection,
  type CompanySettings,
  type DocumentState,
} from '@mawingu/contracts/admin/companies';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { useFileUpload } from './brand-tab.tsx';
import { useUpdateSettings } from './companies-api.ts';
import { UploadInput } from './upload-input.tsx';
import { SectionForm, SectionPanel } from './section-form.tsx';
import { useSectionForm } from './use-section-form.ts';

const PDF_MB = COMPANY_LIMITS.pdfBytes / 1024 / 1024;

function DocumentStatus({ state }: { state: DocumentState }) {
  const { t } = useTranslation('adminCompanies');
  const color = state.source === 'none' ? 'red' : state.source === 'file' ? 'blue' : 'gray';
  return (
    <Group gap="xs" wrap="wrap">
      <Badge variant="light" color={color}>
        {t(`documents.source.${state.source}`)}
      </Badge>
      {state.url && state.source === 'file' && (
        <Anchor href={state.url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {state.fileName ?? t('documents.open')}
        </Anchor>
      )}
    </Group>
  );
}

function PdfInput({ companyId, document }: { companyId: number; document: 'registrationAgreement' | 'terms' | 'privacy' }) {
  const { t } = useTranslation('adminCompanies');
  const upload = useFileUpload(companyId, { kind: 'document', document });
  return (
    <UploadInput
      label={t('documents.uploadPdf')}
      description={t('documents.uploadHint', { mb: PDF_MB })}
      accept="application/pdf"
      icon={<IconFileTypePdf size={16} aria-hidden />}
      busy={upload.busy}
      error={upload.error}
      onFile={(file) => void upload.send(file)}
    />
  );
}

const agreementSchema = documentsSection.pick({ registrationAgreementText: true });

function AgreementPanel({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const state = settings.documents.registrationAgreement;
  const values = useMemo(() => ({ registrationAgreementText: state.text ?? '' }), [state.text]);
  const { form, submit, saving, formError } = useSectionForm<{ registrationAgreementText: string }>(companyId, {
    draft: 'agreement',
    schema: agreementSchema,
    values,
    toRequest: (v) => ({ documents: { registrationAgreementText: v.registrationAgreementText } }),
    fieldOf: (field) => (field === 'documents.registrationAgreementText' ? 'registrationAgreementText' : null),
  });
  return (
    <SectionForm
      title={t('documents.agreement')}
      description={t('documents.agreementIntro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
      saveLabel={t('documents.saveText')}
    >
      <DocumentStatus state={state} />
      <PdfInput companyId={companyId} document="registrationAgreement" />
      <Textarea
        label={t('documents.agreementText')}
        description={state.source === 'file' ? t('documents.textReplacesPdf') : undefined}
        autosize
        minRows={6}
        maxRows={18}
        {...form.register('registrationAgreementText')}
        error={form.formState.errors.registrationAgreementText?.message}
      />
    </SectionForm>
  );
}

function LegalPanel({ companyId, settings, document }: { companyId: number; settings: CompanySettings; document: 'terms' | 'privacy' }) {
  const { t } = useTranslation('adminCompanies');
  const state = settings.documents[document];
  const update = useUpdateSettings(companyId);
  const [confirm, setConfirm] = useState(false);
  async function switchToBuiltIn() {
    try {
      await update.mutateAsync({ documents: { [document]: BUILT_IN_DOCUMENT } });
      showSuccessToast(t('saved'));
    } catch (err) {
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
    setConfirm(false);
  }
  return (
    <SectionPanel title={t(`documents.${document}`)} description={t(`documents.${document}Intro`)}>
      <DocumentStatus state={state} />
      <PdfInput companyId={companyId} document={document} />
      {state.source !== 'builtin' && (
        <Group>
          <Button variant="default" onClick={() => setConfirm(true)}>
            {t('documents.useBuiltIn')}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirm}
        title={t('documents.useBuiltInTitle')}
        text={t('documents.useBuiltInText')}
        confirmLabel={t('documents.useBuiltIn')}
        color="blue"
        closeLabel={t('cancel')}
        pending={update.isPending}
        onConfirm={() => void switchToBuiltIn()}
        onClose={() => setConfirm(false)}
      />
    </SectionPanel>
  );
}

/** Registration agreement (text or PDF), terms and privacy policy (built-in text or PDF). */
export function DocumentsTab({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  return (
    <Stack gap="lg">
      <AgreementPanel companyId={companyId} settings={settings} />
      <LegalPanel companyId={companyId} settings={settings} document="terms" />
      <LegalPanel companyId={companyId} settings={settings} document="privacy" />
    </Stack>
  );
}
