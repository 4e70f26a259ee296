import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Pagination.css';

/** The result count and, when there is more than one page, the page picker. */
export function ListPagination({
  total,
  page,
  pageSize,
  onPage,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('adminCustomers');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Text size="sm" c="gray.7" aria-live="polite">
        {t('common.results', { count: total })}
        {pages > 1 ? ` · ${t('common.pageOf', { page, pages })}` : ''}
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
