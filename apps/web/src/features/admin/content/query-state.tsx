import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';

type QueryLike<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => Promise<unknown> };

/** A console query while loading (skeletons), when it failed (the API's message and Try again), and with data. */
export function QueryState<T>({
  query,
  children,
  rows = 3,
  height = 56,
}: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  rows?: number;
  height?: number;
}) {
  const { t } = useTranslation('adminContent');
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: rows }, (_, n) => (
          <Skeleton key={n} height={height} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError || query.data === undefined) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    return (
      <Alert color="red" variant="light" title={t('common.loadFailed')} role="alert">
        <Stack gap="xs" align="flex-start">
          {query.error instanceof Error && <Text size="sm">{query.error.message}</Text>}
          {status !== 403 && status !== 404 && (
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('common.tryAgain')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
