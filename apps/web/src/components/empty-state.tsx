import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

type EmptyStateProps = { icon: Icon; title: ReactNode; text?: string; children?: ReactNode };

/** A list with nothing in it: the spec's text, a hint and, where there is one, the next step. */
export function EmptyState({ icon: StateIcon, title, text, children }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" ta="center" py={48} px="md">
      <ThemeIcon size={52} radius="xl" variant="light" color="gray">
        <StateIcon size={26} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Text fw={600} size="lg" mt="xs">
        {title}
      </Text>
      {text && (
        <Text c="dimmed" size="sm" maw={420}>
          {text}
        </Text>
      )}
      {children}
    </Stack>
  );
}
