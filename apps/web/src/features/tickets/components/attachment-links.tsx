import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketAttachment } from '@mawingu/contracts/tickets';
import { fetchCustomerFile } from '../../../api/fetch-customer-file.ts';
import { DownloadButtons } from '../../../components/download-buttons.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { showErrorToast } from '../../../lib/toast.ts';

/** The files of a ticket or response; each downloads with the session (they are private). */
export function AttachmentLinks({ attachments }: { attachments: readonly TicketAttachment[] }) {
  const { t } = useTranslation('tickets');
  return (
    <DownloadButtons
      files={attachments}
      idOf={(attachment) => attachment.url}
      label={(attachment) => t('details.download', { name: attachment.name })}
      download={async (attachment) => {
        const blob = await fetchCustomerFile(attachment.url);
        if (blob) saveFile(blob, attachment.name);
        else showErrorToast(t('details.downloadFailed', { name: attachment.name }));
      }}
      empty={
        <Text size="sm" c="dimmed">
          {t('details.noAttachments')}
        </Text>
      }
    />
  );
}
