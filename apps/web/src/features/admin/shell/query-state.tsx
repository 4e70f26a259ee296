import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';

type QueryLike<T> = { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => Promise<unknown> };

/**
 * Each area's texts stay its own (its namespace): the key of the failure title, whether a 403 gets
 * the area's "your role may not" text instead of the API's, the refusals a retry cannot fix, and
 * whether the rows announce themselves (the catalogue's are a status).
 */
const AREAS = {
  adminCustomers: { failed: 'common.failed', notAllowed: 'common.notAllowed', final: [403, 404] },
  adminTickets: { failed: 'common.failed', notAllowed: 'common.notAllowed', final: [403, 404] },
  adminPayments: { failed: 'common.failed', notAllowed: 'common.notAllowed', final: [400, 403, 404] },
  adminContent: { failed: 'common.loadFailed', notAllowed: undefined, final: [403, 404] },
  adminCatalogue: { failed: 'common.loadFailed', notAllowed: undefined, final: [403, 404], loadingRole: 'status' },
} as const;

export type QueryStateArea = keyof typeof AREAS;

export type QueryStateProps<T> = {
  area: QueryStateArea;
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  rows?: number;
  height?: number;
  /** The API's message in the operator's language (the catalogue's refusals). */
  describe?: (message: string) => string | undefined;
};

/** A console query while loading (skeletons), when it failed (the API's message and Try again), and with data. */
export function QueryState<T>({ area, query, children, rows = 3, height = 48, describe = (message) => message }: QueryStateProps<T>) {
  const { t: areaText } = useTranslation(area);
  // The keys are the area's own (AREAS); the namespaces' key types do not meet in one signature.
  const t = areaText as unknown as (key: string) => string;
  const texts = AREAS[area];
  if (query.isPending) {
    return (
      <Stack gap="sm" role={'loadingRole' in texts ? texts.loadingRole : undefined} aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: rows }, (_, n) => (
          <Skeleton key={n} height={height} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError || query.data === undefined) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    const message =
      status === 403 && texts.notAllowed ? t(texts.notAllowed) : query.error instanceof Error ? describe(query.error.message) : '';
    return (
      <Alert color="red" variant="light" title={t(texts.failed)} role="alert">
        <Stack gap="xs" align="flex-start">
          {message && <Text size="sm">{message}</Text>}
          {!(texts.final as readonly number[]).includes(status) && (
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
