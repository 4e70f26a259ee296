import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconDownload, IconEraser, IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isErasedEmail } from '@mawingu/contracts/admin/customer-privacy';
import type { CustomerProfile } from '@mawingu/contracts/admin/customers';
import { ApiError } from '../../../api/api-error.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ConfirmModal } from '../shell/confirm-modal.tsx';
import { downloadPersonalData, useEraseCustomer, useStartSupportSession } from './customer-privacy-api.ts';
import { useCanManageVms } from './customers-api.ts';

/**
 * A customer's page: "Log in as" for support (every operator; a consent reason first, the
 * customer's site in a new tab) and, for owners and admins, the personal data on request: download
 * as JSON or CSV, erase after the e-mail is typed again (issue 17, point 2; ADR 0118, 0119).
 */
export function CustomerPrivacySection({ companyId, profile, name }: { companyId: number; profile: CustomerProfile; name: string }) {
  const { t, i18n } = useTranslation('adminCustomerPrivacy');
  const canManage = useCanManageVms();
  const erased = isErasedEmail(profile.email);
  const start = useStartSupportSession(companyId, profile.id);
  const erase = useEraseCustomer(companyId, profile.id);
  const [loginOpen, setLoginOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [eraseOpen, setEraseOpen] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [downloading, setDownloading] = useState<'json' | 'csv' | null>(null);
  const startError = ApiError.from(start.error);
  const eraseError = ApiError.from(erase.error);

  function openSupportSession() {
    // Opened in the click itself (a tab opened after the reply would be blocked), filled when the reply comes.
    const tab = window.open('', '_blank');
    if (!tab) {
      showErrorToast(t('popupBlocked'));
      return;
    }
    tab.opener = null;
    start.mutate(reason.trim(), {
      onSuccess: (opened) => {
        tab.location.replace(opened.url);
        showSuccessToast(t('opened', { name, time: formatDate(opened.expiresAt, i18n.language, { withTime: true }) }));
        setReason('');
        setLoginOpen(false);
        start.reset();
      },
      onError: () => tab.close(),
    });
  }

  async function download(format: 'json' | 'csv') {
    setDownloading(format);
    try {
      await downloadPersonalData(companyId, profile.id, format);
    } catch (error) {
      showErrorToast(error instanceof Error && error.message ? error.message : t('exportFailed'));
    } finally {
      setDownloading(null);
    }
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid="customer-privacy">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Title order={3} size="h4">
            {t('title')}
          </Title>
          {erased && (
            <Badge color="gray" variant="light">
              {t('erasedBadge')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconLogin2 size={16} aria-hidden />}
            onClick={() => setLoginOpen(true)}
            disabled={erased || profile.suspendedAt !== null || Boolean(profile.closedAt)}
          >
            {t('loginAs')}
          </Button>
          {canManage && (
            <>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={downloading === 'json'}
                onClick={() => void download('json')}
              >
                {t('exportJson')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={downloading === 'csv'}
                onClick={() => void download('csv')}
              >
                {t('exportCsv')}
              </Button>
              {!erased && (
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconEraser size={16} aria-hidden />}
                  onClick={() => setEraseOpen(true)}
                >
                  {t('erase')}
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>

      <ConfirmModal
        opened={loginOpen}
        title={t('loginAsTitle', { name })}
        text={t('loginAsText')}
        confirmLabel={t('open')}
        pending={start.isPending}
        onConfirm={openSupportSession}
        onClose={() => {
          setLoginOpen(false);
          start.reset();
        }}
      >
        <Textarea
          label={t('reason')}
          description={t('reasonHint')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={startError?.fieldErrors?.reason}
          required
          rows={2}
          maxLength={300}
        />
        {startError && !startError.fieldErrors?.reason && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{startError.message}</Text>
          </Alert>
        )}
      </ConfirmModal>

      <ConfirmModal
        opened={eraseOpen}
        title={t('eraseTitle', { name })}
        text={t('eraseText')}
        confirmLabel={t('eraseConfirm')}
        color="red.9"
        pending={erase.isPending}
        onConfirm={() =>
          erase.mutate(confirm, {
            onSuccess: () => {
              showSuccessToast(t('erased', { name }));
              setConfirm('');
              setEraseOpen(false);
            },
          })
        }
        onClose={() => {
          setEraseOpen(false);
          erase.reset();
        }}
      >
        <TextInput
          label={t('confirm')}
          placeholder={profile.email}
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={eraseError?.fieldErrors?.confirm}
          required
          autoComplete="off"
        />
        {eraseError && !eraseError.fieldErrors?.confirm && (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm">{eraseError.message}</Text>
          </Alert>
        )}
      </ConfirmModal>
    </Card>
  );
}
