import { Badge, Group } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminVm } from '@mawingu/contracts/admin/customers';

// Filled badges in shades whose white text passes AA contrast (4.5:1).
const COLOR: Record<AdminVm['state'], string> = {
  provisioning: 'blue.8',
  running: 'teal.9',
  stopped: 'gray.7',
  expired: 'grape.9',
  archived: 'dark.5',
  failed: 'red.9',
  deleted: 'dark.7',
};

/** The VM's state and, when set, the operator's block. */
export function VmStateBadges({ vm }: { vm: Pick<AdminVm, 'state' | 'blocked'> }) {
  const { t } = useTranslation('adminCustomers');
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="filled" color={COLOR[vm.state]} radius="sm" style={{ flex: 'none', minWidth: 'max-content' }}>
        {t(`state.${vm.state}`)}
      </Badge>
      {vm.blocked && (
        <Badge
          variant="outline"
          color="red.9"
          radius="sm"
          leftSection={<IconLock size={12} aria-hidden />}
          style={{ flex: 'none', minWidth: 'max-content' }}
        >
          {t('state.blocked')}
        </Badge>
      )}
    </Group>
  );
}
