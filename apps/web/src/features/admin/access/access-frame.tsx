import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { HeaderLanguageButton } from '../../../app/layout/header/header-language-button.tsx';
import classes from './access.module.css';

/** The card the console's sign-in steps stand in (login, code, set-up, an invitation's password). */
export function Frame({ title, intro, wide, children }: { title: string; intro?: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <main className={classes.loginBand}>
      <Paper className={classes.loginCard} maw={wide ? 560 : 440} withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="lg">
          <Group justify="flex-end" mb={-16}>
            <HeaderLanguageButton />
          </Group>
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconShieldLock size={26} stroke={1.7} aria-hidden />
            </ThemeIcon>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" size="sm">
                {intro}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </main>
  );
}
