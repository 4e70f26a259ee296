import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminTicketAttachment } from '@mawingu/contracts/admin/tickets';
import { useFileSize } from '../../../lib/file-size.ts';
import { showErrorToast } from '../../../lib/toast.ts';
import { downloadAttachment } from './tickets-api.ts';

/** The files of a ticket or a response; each downloads with the console session (they are private). */
export function AttachmentButtons({ attachments }: { attachments: readonly AdminTicketAttachment[] }) {
  const { t } = useTranslation('adminTickets');
  const fileSize = useFileSize();
  const [loading, setLoading] = useState<string | null>(null);
  if (attachments.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('detail.noFiles')}
      </Text>
    );
  }
  const download = async (attachment: AdminTicketAttachment) => {
    setLoading(attachment.fileId);
    try {
      await downloadAttachment(attachment.url, attachment.name);
    } catch {
      showErrorToast(t('common.downloadFailed', { name: attachment.name }));
    } finally {
      setLoading(null);
    }
  };
  return (
    <Group gap="xs">
      {attachments.map((attachment) => (
        <Button
          key={attachment.fileId}
          variant="default"
          size="xs"
          radius="xl"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={loading === attachment.fileId}
          onClick={() => void download(attachment)}
          aria-label={t('common.download', { name: attachment.name, size: fileSize(attachment.sizeBytes) })}
          maw="100%"
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          data-testid="ticket-attachment"
        >
          {attachment.name}
        </Button>
      ))}
    </Group>
  );
}
