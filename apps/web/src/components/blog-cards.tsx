import { Badge, Button, Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandUbuntu, IconBrandWindows, IconDeviceLaptop, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type BlogKey = 'windowsServer' | 'windowsLaptop' | 'linuxLaptop';

const BLOGS: readonly { key: BlogKey; icon: Icon }[] = [
  { key: 'windowsServer', icon: IconBrandWindows },
  { key: 'windowsLaptop', icon: IconDeviceLaptop },
  { key: 'linuxLaptop', icon: IconBrandUbuntu },
];

/**
 * The spec's three static blog cards. Their "Read more" leads nowhere in the product, so it is
 * shown disabled with "Coming soon" instead of as a dead link.
 */
export function BlogCards() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {BLOGS.map(({ key, icon: BlogIcon }) => (
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
            {t(`blogs.${key}.title`)}
          </Title>
          <Text size="sm" c="dimmed" lh={1.6} style={{ flex: 1 }}>
            {t(`blogs.${key}.text`)}
          </Text>
          <Button variant="light" disabled mt="md" style={{ alignSelf: 'flex-start' }}>
            {t('blogs.readMore')}
          </Button>
        </Card>
      ))}
    </SimpleGrid>
  );
}
