import type { MouseEvent } from 'react';
import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  EmailIcon,
  EmailShareButton,
  FacebookIcon,
  FacebookShareButton,
  LinkedinIcon,
  LinkedinShareButton,
  TelegramIcon,
  TelegramShareButton,
  WhatsappIcon,
  WhatsappShareButton,
  XIcon,
  XShareButton,
} from 'react-share';
import classes from './purchase.module.css';

/**
 * react-share opens its pop-up with window.open and no "noopener", which hands the social site a
 * handle on this page; we open the link it builds ourselves, without that handle.
 */
const openShare = (_event: MouseEvent<HTMLButtonElement>, link: string) => {
  window.open(link, '_blank', 'noopener,noreferrer,width=600,height=520');
};

const NETWORKS = [
  { name: 'Facebook', Button: FacebookShareButton, Icon: FacebookIcon },
  { name: 'X', Button: XShareButton, Icon: XIcon },
  { name: 'LinkedIn', Button: LinkedinShareButton, Icon: LinkedinIcon },
  { name: 'WhatsApp', Button: WhatsappShareButton, Icon: WhatsappIcon },
  { name: 'Telegram', Button: TelegramShareButton, Icon: TelegramIcon },
] as const;

export type ShareDialogProps = { opened: boolean; onClose: () => void; url: string; title: string };

/** Spec: a share dialog with social share buttons for the current page address (loaded by share-dialog.tsx when first opened). */
export default function ShareModal({ opened, onClose, url, title }: ShareDialogProps) {
  const { t } = useTranslation('purchase');
  const { t: common } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('share.title')}
      centered
      closeButtonProps={{ 'aria-label': common('common.close') }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Stack gap="md">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={t('share.link')} value={url} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('share.copied') : t('share.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <div>
          <Text size="sm" fw={500} mb={8} id="share-networks">
            {t('share.networks')}
          </Text>
          <div className={classes.shareGrid} role="group" aria-labelledby="share-networks">
            {NETWORKS.map(({ name, Button: Share, Icon }) => (
              <Share
                key={name}
                url={url}
                title={title}
                openShareDialogOnClick={false}
                onClick={openShare}
                aria-label={t('share.on', { network: name })}
                className={classes.shareButton}
              >
                <Icon size={44} round aria-hidden />
              </Share>
            ))}
            <EmailShareButton url={url} subject={title} aria-label={t('share.email')} className={classes.shareButton}>
              <EmailIcon size={44} round aria-hidden />
            </EmailShareButton>
          </div>
        </div>
      </Stack>
    </Modal>
  );
}
