import type { ReactNode } from 'react';
import { Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import classes from './payments.module.css';

type ResultPanelProps = {
  /** Omitted while busy: a loader shows instead. */
  icon?: Icon;
  color?: string;
  title: string;
  children?: ReactNode;
  /** Next steps, primary first. */
  actions?: ReactNode;
  busy?: boolean;
  testId?: string;
};

/** One card in the middle of the page for every payment outcome: what happened, then what to do next. */
export function ResultPanel({ icon: StateIcon, color = 'gray', title, children, actions, busy = false, testId }: ResultPanelProps) {
  return (
    <Container className={classes.stage}>
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 40 }} className={classes.card} aria-busy={busy} data-testid={testId}>
        {/* Announced as it changes: checking, then the outcome. */}
        <Stack align="center" gap="md" aria-live="polite">
          {busy || !StateIcon ? (
            <Loader size={48} type="oval" aria-hidden />
          ) : (
            <ThemeIcon size={72} radius={999} variant="light" color={color}>
              <StateIcon size={40} stroke={1.6} aria-hidden />
            </ThemeIcon>
          )}
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {children && (
            <Stack gap="xs" className={classes.text}>
              {children}
            </Stack>
          )}
          {actions && (
            <Group gap="sm" mt="xs" className={classes.actions}>
              {actions}
            </Group>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

export function ResultText({ children }: { children: ReactNode }) {
  return <Text c="dimmed">{children}</Text>;
}
