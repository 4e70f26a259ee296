import { Anchor, Card, Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCloud, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CloudEntry } from '@mawingu/contracts/catalog';
import { toExternalHref } from '../lib/external-url.ts';

/** A partner cloud provider: logo or icon, name, description and a link to its website (new tab). */
export function CloudCard({ cloud, headingLevel = 3 }: { cloud: CloudEntry; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const href = toExternalHref(cloud.websiteUrl);
  const image = cloud.imagePath && cloud.imagePath !== 'NA' ? cloud.imagePath : null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card padding="lg" h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap">
          {image ? (
            <img src={image} alt="" width={40} height={40} style={{ objectFit: 'contain', borderRadius: 8 }} />
          ) : (
            <ThemeIcon size={40} radius="md" variant="light">
              <IconCloud size={22} stroke={1.6} aria-hidden />
            </ThemeIcon>
          )}
          <div style={{ minWidth: 0 }}>
            <Text component={Heading} fw={600} size="md" lineClamp={2} m={0}>
              {cloud.cloudTitle}
            </Text>
            {href && (
              <Text size="xs" c="dimmed" truncate>
                {new URL(href).hostname}
              </Text>
            )}
          </div>
        </Group>
        {cloud.description && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
            {cloud.description}
          </Text>
        )}
        {href && (
          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" fw={500} mt="auto">
            <Group gap={4} component="span" wrap="nowrap">
              {t('catalogue.visitWebsite')}
              <IconExternalLink size={14} stroke={1.6} aria-hidden />
              <VisuallyHidden>
                {cloud.cloudTitle} {t('nav.opensInNewTab')}
              </VisuallyHidden>
            </Group>
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
