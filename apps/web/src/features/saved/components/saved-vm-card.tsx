import { ActionIcon, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SavedVm } from '@mawingu/contracts/saved';
import { paths } from '../../../app/paths.ts';
import { useOsLabel } from '../../../components/os-icon.tsx';
import { vmCardClass, VmOsTile, VmSpecGrid } from '../../../components/vm-card/vm-card-parts.tsx';

/** A saved configuration: the VM's image or OS icon, name, RAM, disk and vCPU, View and delete. */
export function SavedVmCard({ item, onDelete }: { item: SavedVm; onDelete: (item: SavedVm) => void }) {
  const { t } = useTranslation('saved');
  const osLabel = useOsLabel();
  const deleteLabel = t('delete', { name: item.vmName });

  return (
    <Card padding="md" className={vmCardClass} data-testid="saved-vm-card">
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <VmOsTile imagePath={item.imagePath} osType={item.osType} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text component="h2" fw={600} size="md" lh={1.3} lineClamp={3} m={0}>
              {item.vmName}
            </Text>
            <Text size="xs" c="dimmed">
              {osLabel(item.osType)}
            </Text>
          </Stack>
          <Tooltip label={deleteLabel} withArrow>
            <ActionIcon variant="subtle" color="red.8" aria-label={deleteLabel} onClick={() => onDelete(item)}>
              <IconTrash size={18} stroke={1.7} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Stack gap="md" mt="auto">
          <VmSpecGrid
            specs={[
              { value: t('gb', { count: item.ram_Count }), label: t('ram') },
              { value: t('gb', { count: item.disk_Count }), label: t('disk') },
              { value: String(item.cpu_Count), label: t('vcpu') },
            ]}
          />
          <Button
            component={Link}
            to={paths.productDetails.getHref(item.productID, {
              ram: item.ram_Count,
              disk: item.disk_Count,
              cpu: item.cpu_Count,
              region: item.regionID,
              days: item.timePeriod,
            })}
            variant="light"
            fullWidth
            aria-label={t('viewProduct', { name: item.vmName })}
          >
            {t('view')}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
