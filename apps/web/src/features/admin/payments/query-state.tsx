import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';

type QueryLike<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => Promise<unknown> };

/** A console query while loading (skeletons), when it failed (the API's message and Try again), and with data. */
export function QueryState<T>({ query, children, rows = 3 }: { query: QueryLike<T>; children: (data: T) => ReactNode; rows?: number }) {
  const { t } = useTranslation('adminPayments');
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: rows }, (_, n) => (
          <Skeleton key={n} height={48} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError || query.data === undefined) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    const message = status === 403 ? t('common.notAllowed') : query.error instanceof Error ? query.error.message : '';
    return (
      <Alert color="red" variant="light" title={t('common.failed')} role="alert">
        <Stack gap="xs" align="flex-start">
          {message && <Text size="sm">{message}</Text>}
          {status !== 403 && status !== 404 && status !== 400 && (
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
