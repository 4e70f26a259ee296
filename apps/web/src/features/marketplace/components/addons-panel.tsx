import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconCpu, IconDatabase, IconPackageOff, IconStack2, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FilterData } from '@mawingu/contracts/catalog';
import { EmptyState } from '../../../components/empty-state.tsx';

type Addon = { key: 'memory' | 'disk' | 'processor'; icon: Icon };
const ADDONS: Addon[] = [
  { key: 'memory', icon: IconStack2 },
  { key: 'disk', icon: IconDatabase },
  { key: 'processor', icon: IconCpu },
];

/** RAM, disk and processors are sold as add-ons to a VM: how far each goes in this section. */
export function AddonsPanel({ specs }: { specs: FilterData['specs'] }) {
  const { t } = useTranslation();
  const offered = ADDONS.filter(({ key }) => specs[key].max > 0);
  if (offered.length === 0) {
    return (
      <Card padding={0}>
        <EmptyState icon={IconPackageOff} title={t('spec.dataNotFound')} />
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {offered.map(({ key, icon: AddonIcon }) => (
        <Card key={key} padding="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light">
              <AddonIcon size={22} stroke={1.6} aria-hidden />
            </ThemeIcon>
            <div>
              <Text component="h3" fw={600} m={0}>
                {t(`marketplace.addon.${key}`)}
              </Text>
              <Text size="sm" c="dimmed" mt={2}>
                {t('marketplace.addon.upTo', { max: specs[key].max, unit: specs[key].unit })}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
