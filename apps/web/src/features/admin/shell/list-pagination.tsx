import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Pagination.css';

/**
 * The result count ("12 orders", in the area's own words) and, when there is more than one page, the
 * page number and the page picker (the tickets' texts have no page number).
 */
export function ListPagination({
  area,
  total,
  page,
  pageSize,
  onPage,
  withPageNumber = true,
}: {
  area: 'adminCustomers' | 'adminPayments' | 'adminTickets';
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  withPageNumber?: boolean;
}) {
  const { t: areaText } = useTranslation(area);
  // Each area has these keys under common; the namespaces' key types do not meet in one signature.
  const t = areaText as unknown as (key: string, values?: Record<string, unknown>) => string;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="gray.7" aria-live="polite">
        {t('common.results', { count: total })}
        {withPageNumber && pages > 1 ? ` · ${t('common.pageOf', { page, pages })}` : ''}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          size="sm"
          siblings={1}
          boundaries={1}
          aria-label={t('common.pagination')}
          getControlProps={(control) =>
            control === 'next'
              ? { 'aria-label': t('common.nextPage') }
              : control === 'previous'
                ? { 'aria-label': t('common.previousPage') }
                : {}
          }
        />
      )}
    </Group>
  );
}
