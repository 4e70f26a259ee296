import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

type SectionHeadingProps = { id: string; title: ReactNode; text?: string; action?: ReactNode };

/** Heading of a page section (h2), with an optional line of context and an action on the right. */
export function SectionHeading({ id, title, text, action }: SectionHeadingProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <Stack gap={4}>
        <Title order={2} id={id} fz={{ base: 22, sm: 26 }} lh={1.2}>
          {title}
        </Title>
        {text && (
          <Text c="dimmed" size="sm" maw={560}>
            {text}
          </Text>
        )}
      </Stack>
      {action}
    </Group>
  );
}
