import { Container, Skeleton, Stack } from '@mantine/core';

/** Skeletons of a change page while the VM loads. */
export function ChangeLoading({ label }: { label: string }) {
  return (
    <Container py={{ base: 20, sm: 32 }} aria-busy="true" aria-label={label}>
      <Stack gap="lg">
        <Skeleton height={72} radius="md" />
        <Skeleton height={160} radius="md" />
        <Skeleton height={280} radius="md" />
      </Stack>
    </Container>
  );
}
