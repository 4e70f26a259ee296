import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LegalEntity } from '@mawingu/contracts/admin/legal-entities';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { LegalEntityFormModal } from './legal-entity-form-modal.tsx';
import { useLegalEntities, useRemoveLegalEntity } from './legal-entities-api.ts';
import { RegionSellersForm } from './region-sellers-form.tsx';
import { SectionPanel } from './section-form.tsx';

/** One entity as a card: what its invoices print, and its series. */
function EntityCard({
  entity,
  onEdit,
  onRemove,
  removing,
}: {
  entity: LegalEntity;
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation('adminCompanies');
  const taxLabel = entity.taxCountry === 'KE' ? t('entities.kraPin') : t('entities.vatNumber');
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={entity.name}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {entity.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {entity.address}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              aria-label={t('entities.edit', { name: entity.name })}
            >
              {t('entities.editShort')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={onRemove}
              loading={removing}
              disabled={entity.invoiceCount > 0}
              aria-label={t('entities.remove', { name: entity.name })}
            >
              {t('entities.removeShort')}
            </Button>
          </Group>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" tt="none">
            {t(`entities.country.${entity.taxCountry}`)}
          </Badge>
          <Badge variant="outline" color="gray" tt="none">
            {taxLabel}: {entity.taxNumber || t('entities.noTaxNumber')}
          </Badge>
          <Badge variant="outline" color="gray" tt="none">
            {t('entities.series', { prefix: entity.seriesPrefix })}
          </Badge>
          <Badge variant="outline" color="gray" tt="none">
            {entity.timeZone}
          </Badge>
          <Badge variant="outline" color="gray" tt="none">
            {entity.currency}
          </Badge>
          {entity.vatOnDiscountedPrice && (
            <Badge variant="outline" color="gray" tt="none">
              {t('entities.vatOnDiscountedPrice')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('entities.invoiceCount', { count: entity.invoiceCount })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Company settings: the legal entities that sell and invoice, and which one sells in each region. */
export function LegalEntitiesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation('adminCompanies');
  const query = useLegalEntities(companyId);
  const remove = useRemoveLegalEntity(companyId);
  const [editing, setEditing] = useState<LegalEntity | null | 'new'>(null);

  if (query.isPending) return <Skeleton height={240} radius="md" aria-label={t('loading')} />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" role="alert" title={t('loadFailed')}>
        {query.error.message}
      </Alert>
    );
  const { entities, regions } = query.data;

  const removeEntity = async (entity: LegalEntity) => {
    try {
      await remove.mutateAsync(entity.id);
      showSuccessToast(t('entities.removed'));
    } catch (err) {
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
  };

  return (
    <Stack gap="lg">
      <SectionPanel title={t('entities.title')} description={t('entities.intro')}>
        {entities.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('entities.empty')}
          </Text>
        )}
        {entities.map((entity) => (
          <EntityCard
            key={entity.id}
            entity={entity}
            onEdit={() => setEditing(entity)}
            onRemove={() => void removeEntity(entity)}
            removing={remove.isPending && remove.variables === entity.id}
          />
        ))}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('entities.add')}
          </Button>
        </Group>
      </SectionPanel>
      <RegionSellersForm companyId={companyId} entities={entities} regions={regions} />
      <LegalEntityFormModal
        companyId={companyId}
        entity={editing === 'new' ? null : editing}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
