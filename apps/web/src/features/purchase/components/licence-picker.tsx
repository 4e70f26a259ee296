import { useState } from 'react';
import { FileInput, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messages } from '@mawingu/contracts/messages';
import { useSpecTextIn } from '../../../lib/spec-text-in.ts';
import { storePendingLicence } from '../../../lib/storage/pending-payment.ts';
import { checkLicenceFile } from '../licence-file.ts';
import classes from './purchase.module.css';

/**
 * Spec: a Windows product with microsoftLicense 1 keeps Pay disabled until a licence PDF is chosen.
 * The PDF is kept (base64) for the result page, which uploads it to the order after payment.
 */
export function LicencePicker({
  orderId,
  chosen,
  onChosen,
}: {
  orderId: number;
  chosen: string | null;
  onChosen: (fileName: string | null) => void;
}) {
  const { t } = useTranslation('purchase');
  const specText = useSpecTextIn('purchase');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (next: File | null) => {
    setFile(next);
    onChosen(null);
    if (!next) {
      setError(specText(messages.licenceRequired));
      return;
    }
    const check = await checkLicenceFile(next);
    if (!check.ok) {
      setError(specText(check.message));
      return;
    }
    if (!storePendingLicence({ orderId, fileName: next.name, base64: check.base64 })) {
      setError(specText(messages.licenceTooLarge));
      return;
    }
    setError(null);
    onChosen(next.name);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="licence-title">
      <Stack gap="sm">
        <Title order={2} id="licence-title" className={classes.sectionTitle}>
          {t('invoice.licence.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('invoice.licence.intro')}
        </Text>
        <FileInput
          label={t('invoice.licence.label')}
          placeholder={t('invoice.licence.placeholder')}
          accept="application/pdf,.pdf"
          value={file}
          onChange={(next) => void choose(next)}
          clearable
          leftSection={<IconFileTypePdf size={18} aria-hidden />}
          error={error}
          withAsterisk
        />
        {chosen && !error && (
          <Text size="sm" c="teal.8" role="status" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
            <IconCircleCheck size={16} aria-hidden />
            {t('invoice.licence.ready', { name: chosen })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
