import { Badge, Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandUbuntu, IconBrandWindows, IconDeviceLaptop, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SiteTextKey } from '@mawingu/contracts/site-texts';
import { useSiteText } from '../lib/site-text.ts';

type BlogKey = 'windowsServer' | 'windowsLaptop' | 'linuxLaptop';

/** Each card with the brand's own title and text, when it wrote them (issue 17, point 1). */
const BLOGS: readonly { key: BlogKey; icon: Icon; title: SiteTextKey; text: SiteTextKey }[] = [
  { key: 'windowsServer', icon: IconBrandWindows, title: 'blog1Title', text: 'blog1Text' },
  { key: 'windowsLaptop', icon: IconDeviceLaptop, title: 'blog2Title', text: 'blog2Text' },
  { key: 'linuxLaptop', icon: IconBrandUbuntu, title: 'blog3Title', text: 'blog3Text' },
];

/**
 * The spec's three static blog cards. Their "Read more" leads nowhere in the product, so it is
 * shown disabled with "Coming soon" instead of as a dead link.
 */
export function BlogCards() {
  const { t } = useTranslation();
  const siteText = useSiteText();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {BLOGS.map(({ key, icon: BlogIcon, title, text }) => (
        <Card key={key} component="article" padding="lg" style={{ display: 'flex', flexDirection: 'column' }}>
          <Group justify="space-between" align="flex-start" mb="md">
            <ThemeIcon size={44} radius="md" variant="light">
              <BlogIcon size={24} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <Badge variant="light" color="gray" radius="sm">
              {t('blogs.comingSoon')}
            </Badge>
          </Group>
          <Title order={3} fz="md" mb={6}>
            {siteText(title, t(`blogs.${key}.title`))}
          </Title>
          <Text size="sm" c="dimmed" lh={1.6} style={{ flex: 1 }}>
            {siteText(text, t(`blogs.${key}.text`))}
          </Text>
          <Button variant="light" disabled mt="md" style={{ alignSelf: 'flex-start' }}>
            {t('blogs.readMore')}
          </Button>
        </Card>
      ))}
    </SimpleGrid>
  );
}
