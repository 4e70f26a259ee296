import { useEffect, useState } from 'react';
import { Anchor, Button, Checkbox, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '../../../api/company/get-company-configuration.ts';
import { useRegistrationAgreement } from '../../../api/auth/get-registration-agreement.ts';
import { paths } from '../../../app/paths.ts';
import { usableMediaPath } from '../../../lib/media-path.ts';

type AgreementModalProps = {
  opened: boolean;
  submitting: boolean;
  onClose: () => void;
  onProceed: () => void;
};

/**
 * The last signup step (spec "Registration"): the company's registration agreement, two
 * checkboxes, and Proceed — enabled only when both are ticked and disabled while the registration
 * is sent. The modal cannot be closed while it is sent.
 */
export function AgreementModal({ opened, submitting, onClose, onProceed }: AgreementModalProps) {
  const { t } = useTranslation('auth');
  const documentPath = useCompanyConfiguration()?.registrationAgreement;
  const agreement = useRegistrationAgreement(documentPath);
  const documentUrl = usableMediaPath(documentPath);
  const [acceptAgreement, setAcceptAgreement] = useState(false);
  const [acceptTerms, setAcceptTerms] = useState(false);

  useEffect(() => {
    if (!opened) {
      setAcceptAgreement(false);
      setAcceptTerms(false);
    }
  }, [opened]);

  const close = () => {
    if (!submitting) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('agreement.title')}
      size="lg"
      centered
      withCloseButton={!submitting}
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('agreement.intro')}
        </Text>
        {agreement.isPending && documentUrl ? (
          <Group justify="center" py="lg">
            <Loader size="sm" />
          </Group>
        ) : agreement.data ? (
          <Paper withBorder radius="md" bg="gray.0">
            <ScrollArea.Autosize mah={240} type="auto" offsetScrollbars>
              <Text size="sm" p="md" style={{ whiteSpace: 'pre-wrap' }} aria-label={t('agreement.documentLabel')}>
                {agreement.data}
              </Text>
            </ScrollArea.Autosize>
          </Paper>
        ) : null}
        {documentUrl && (
          <Anchor href={documentUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
            <Group component="span" gap={6} wrap="nowrap" style={{ display: 'inline-flex' }}>
              {t('agreement.openDocument')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
        <Stack gap="sm">
          <Checkbox
            checked={acceptAgreement}
            onChange={(event) => setAcceptAgreement(event.currentTarget.checked)}
            label={t('agreement.acceptAgreement')}
            disabled={submitting}
          />
          <Checkbox
            checked={acceptTerms}
            onChange={(event) => setAcceptTerms(event.currentTarget.checked)}
            disabled={submitting}
            label={
              <Trans
                t={t}
                i18nKey="agreement.acceptTerms"
                components={{
                  terms: <Anchor href={paths.terms.getHref()} target="_blank" rel="noopener" inherit fw={600} />,
                }}
              />
            }
          />
          <VisuallyHidden>{t('agreement.termsNewTab')}</VisuallyHidden>
        </Stack>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={close} disabled={submitting}>
            {t('agreement.cancel')}
          </Button>
          <Button onClick={onProceed} disabled={!acceptAgreement || !acceptTerms || submitting} loading={submitting}>
            {t('agreement.proceed')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
