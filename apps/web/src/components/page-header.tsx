import type { ReactNode } from 'react';
import { ActionIcon, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../app/paths.ts';
import classes from './page-header.module.css';

type PageHeaderProps = {
  title: string;
  subtitle?: ReactNode;
  /** Where the back arrow leads; the spec's content pages return to /home. */
  backTo?: string;
  children?: ReactNode;
};

/** Title band of a content page: back arrow, heading, one line of context. */
export function PageHeader({ title, subtitle, backTo = paths.home.getHref(), children }: PageHeaderProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.band}>
      <Container py={{ base: 28, sm: 40 }}>
        <Group gap="md" align="flex-start" wrap="nowrap">
          <ActionIcon component={Link} to={backTo} variant="default" size="lg" radius="xl" aria-label={t('common.backHome')} mt={4}>
            <IconArrowLeft size={18} stroke={1.8} aria-hidden />
          </ActionIcon>
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Title order={1} className={classes.title}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" maw={640}>
                {subtitle}
              </Text>
            )}
            {children}
          </Stack>
        </Group>
      </Container>
    </div>
  );
}
