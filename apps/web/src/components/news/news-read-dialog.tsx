import { Anchor, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@mawingu/contracts/news';
import { useNewsDetail } from '../../api/news/get-news-detail.ts';
import { toExternalHref } from '../../lib/external-url.ts';
import { NewsContent } from './news-content.tsx';
import { NewsImage } from './news-image.tsx';

type NewsReadDialogProps = { item: NewsItem; opened: boolean; onClose: () => void };

/** The read-news dialog: image, title, content and links of one item, fetched in full on open. */
export default function NewsReadDialog({ item, opened, onClose }: NewsReadDialogProps) {
  const { t } = useTranslation();
  const detail = useNewsDetail(item);
  // The list's copy shows at once; a failed detail call keeps it rather than blanking the dialog.
  const shown = detail.data?.data ?? item;
  const links = shown.newsLinks.map((link) => ({ link, href: toExternalHref(link) })).filter((l) => l.href);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      centered
      title={shown.newsTitle}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' } }}
      closeButtonProps={{ 'aria-label': t('news.close') }}
    >
      <Stack gap="md">
        <NewsImage path={shown.imagePath} height={220} />
        <NewsContent content={shown.newsContent} />
        {links.length > 0 && (
          <Stack gap={6}>
            <Text fw={600} size="sm">
              {t('news.links')}
            </Text>
            {links.map(({ link, href }) => (
              <Anchor key={link} href={href!} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {link} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: '-2px' }} />
                <VisuallyHidden>{t('nav.opensInNewTab')}</VisuallyHidden>
              </Anchor>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
