import type { ReactNode } from 'react';
import { Container, Stack, ThemeIcon } from '@mantine/core';

/** Centred icon + texts used by the company status pages. */
export function StatusPanel({ icon, color, children }: { icon: ReactNode; color: string; children: ReactNode }) {
  return (
    <Container size="sm" py={{ base: 64, sm: 112 }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        {children}
      </Stack>
    </Container>
  );
}
