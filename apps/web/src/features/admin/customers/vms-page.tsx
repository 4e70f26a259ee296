import { useEffect, useState } from 'react';
import { Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconServer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { vmStatus } from '@mawingu/contracts/vms';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { ListPagination } from '../shell/list-pagination.tsx';
import { QueryState } from '../shell/query-state.tsx';
import { useUrlState } from '../shell/use-url-state.ts';
import { useVmList } from './customers-api.ts';
import { VmList } from './vm-list.tsx';

/** /admin/c/:companyId/vms — the company's VMs with filters; Block/Unblock and Retry for managers. */
export default function VmsPage() {
  const { t } = useTranslation('adminCustomers');
  const companyId = useScopedCompanyId();
  const { values, page, set } = useUrlState(['q', 'state', 'blocked'] as const);
  const [typed, setTyped] = useState(values.q);
  const [debounced] = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (debounced.trim() !== values.q) set({ q: debounced.trim() });
    // Only the debounced text drives the address; values.q follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const query = useVmList(companyId, { ...values, page });
  const filtered = Boolean(values.q || values.state || values.blocked);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('vms.title')}</Title>
        <Text size="sm" c="gray.7" maw={760}>
          {t('vms.intro')}
        </Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t('vms.search')}
          placeholder={t('vms.searchHint')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          maxLength={200}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label={t('vms.stateFilter')}
          data={[{ value: '', label: t('vms.allStates') }, ...vmStatus.options.map((s) => ({ value: s, label: t(`state.${s}`) }))]}
          value={values.state}
          onChange={(value) => set({ state: value ?? '' })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label={t('vms.blockedFilter')}
          data={[
            { value: '', label: t('vms.anyBlocked') },
            { value: 'true', label: t('vms.onlyBlocked') },
            { value: 'false', label: t('vms.onlyUnblocked') },
          ]}
          value={values.blocked}
          onChange={(value) => set({ blocked: value ?? '' })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      <QueryState area="adminCustomers" query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              icon={IconServer}
              title={filtered ? t('vms.noMatch') : t('vms.empty')}
              text={filtered ? t('vms.noMatchText') : t('vms.emptyText')}
            />
          ) : (
            <div>
              <VmList companyId={companyId} vms={data.items} label={t('vms.tableLabel')} />
              <ListPagination
                area="adminCustomers"
                total={data.total}
                page={data.page}
                pageSize={data.pageSize}
                onPage={(p) => set({ page: p })}
              />
            </div>
          )
        }
      </QueryState>
    </Stack>
  );
}
