import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMailSettings, useMailTexts } from './company-mail-api.ts';
import { MailSenderForm } from './mail-sender-form.tsx';
import { MailTextsEditor } from './mail-texts-editor.tsx';

/** The company's mail: who it comes from, through which server, and what it says. */
export function MailTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation('adminCompanies');
  const settings = useMailSettings(companyId);
  const texts = useMailTexts(companyId);
  if (settings.isPending || texts.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
        <Skeleton height={220} radius="md" />
        <Skeleton height={360} radius="md" />
      </Stack>
    );
  }
  if (settings.isError || texts.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{(settings.error ?? texts.error)?.message}</Text>
          <Button size="xs" variant="default" onClick={() => void Promise.all([settings.refetch(), texts.refetch()])}>
            {t('tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <MailSenderForm companyId={companyId} settings={settings.data} />
      <MailTextsEditor companyId={companyId} texts={texts.data} />
    </Stack>
  );
}
