import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminTicketAttachment } from '@mawingu/contracts/admin/tickets';
import { DownloadButtons } from '../../../components/download-buttons.tsx';
import { useFileSize } from '../../../lib/file-size.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { downloadAttachment } from './tickets-api.ts';

/** The files of a ticket or a response; each downloads with the console session (they are private). */
export function AttachmentButtons({ attachments }: { attachments: readonly AdminTicketAttachment[] }) {
  const { t } = useTranslation('adminTickets');
  const fileSize = useFileSize();
  return (
    <DownloadButtons
      files={attachments}
      idOf={(attachment) => attachment.fileId}
      label={(attachment) => t('common.download', { name: attachment.name, size: fileSize(attachment.sizeBytes) })}
      download={async (attachment) => {
        try {
          await downloadAttachment(attachment.url, attachment.name);
        } catch {
          showErrorToast(t('common.downloadFailed', { name: attachment.name }));
        }
      }}
      empty={
        <Text size="sm" c="gray.7">
          {t('detail.noFiles')}
        </Text>
      }
      testId="ticket-attachment"
    />
  );
}
