import { Container, Skeleton, Stack } from '@mantine/core';

/**
 * Shown while a lazily loaded page arrives; keeps the layout steady instead of going blank. It fills
 * the first screen so the footer starts below the fold and is not pushed down when the page lands
 * (that push was the home page's whole layout shift: CLS 0.42).
 */
export function PageFallback() {
  return (
    <Container py={48} aria-busy="true" mih="100dvh" data-later>
      <Stack gap="md">
        <Skeleton height={36} width="45%" radius="md" />
        <Skeleton height={16} width="80%" radius="sm" />
        <Skeleton height={16} width="65%" radius="sm" />
        <Skeleton height={180} radius="lg" mt="md" />
      </Stack>
    </Container>
  );
}
