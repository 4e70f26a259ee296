import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketAttachment } from '@mawingu/contracts/tickets';
import { fetchCustomerFile } from '../../../api/fetch-customer-file.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { showErrorToast } from '../../../lib/toast.ts';

/** The files of a ticket or response; each downloads with the session (they are private). */
export function AttachmentLinks({ attachments }: { attachments: readonly TicketAttachment[] }) {
  const { t } = useTranslation('tickets');
  const [loading, setLoading] = useState<string | null>(null);

  if (attachments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('details.noAttachments')}
      </Text>
    );
  }

  const download = async (attachment: TicketAttachment) => {
    setLoading(attachment.url);
    try {
      const blob = await fetchCustomerFile(attachment.url);
      if (blob) saveFile(blob, attachment.name);
      else showErrorToast(t('details.downloadFailed', { name: attachment.name }));
    } finally {
      setLoading(null);
    }
  };

  return (
    <Group gap="xs">
      {attachments.map((attachment) => (
        <Button
          key={attachment.url}
          variant="default"
          size="xs"
          radius="xl"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={loading === attachment.url}
          onClick={() => void download(attachment)}
          aria-label={t('details.download', { name: attachment.name })}
          maw="100%"
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {attachment.name}
        </Button>
      ))}
    </Group>
  );
}
