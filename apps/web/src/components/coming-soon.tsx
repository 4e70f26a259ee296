import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../app/paths.ts';


/** Body of a page whose feature is not built yet: its title, a short note and a way back. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconHourglass size={28} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={440}>
          {t('comingSoon.text')}
        </Text>
        <Button component={Link} to={paths.home.getHref()} variant="default" mt="sm">
          {t('comingSoon.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
