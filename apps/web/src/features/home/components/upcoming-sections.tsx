import { Badge, Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconNews, IconServer, IconWorldPin, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './home.module.css';

type Section = { icon: Icon; title: string; text: string };

/** Placeholders for the home sections a later issue fills: products & services, our reach, news. */
export function UpcomingSections() {
  const { t } = useTranslation();
  const sections: Section[] = [
    { icon: IconServer, title: t('home.productsTitle'), text: t('home.productsText') },
    { icon: IconWorldPin, title: t('home.reachTitle'), text: t('home.reachText') },
    { icon: IconNews, title: t('home.newsTitle'), text: t('home.newsText') },
  ];

  return (
    <Container py={{ base: 48, sm: 72 }}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {sections.map(({ icon: SectionIcon, title, text }) => (
          <Card key={title} className={classes.sectionCard} component="section">
            <Group justify="space-between" align="flex-start" mb="md">
              <ThemeIcon size={44} radius="md" variant="light">
                <SectionIcon size={24} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Badge variant="light" color="gray" radius="sm">
                {t('home.comingSoonBadge')}
              </Badge>
            </Group>
            <Title order={2} fz="lg" mb={6}>
              {title}
            </Title>
            <Text size="sm" c="dimmed" lh={1.6}>
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
