import { Container, Skeleton, Stack } from '@mantine/core';

/** Shown while a lazily loaded page arrives; keeps the layout steady instead of going blank. */
export function PageFallback() {
  return (
    <Container py={48} aria-busy="true">
      <Stack gap="md">
        <Skeleton height={36} width="45%" radius="md" />
        <Skeleton height={16} width="80%" radius="sm" />
        <Skeleton height={16} width="65%" radius="sm" />
        <Skeleton height={180} radius="lg" mt="md" />
      </Stack>
    </Container>
  );
}
