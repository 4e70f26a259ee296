import { Group, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SpecificationRow } from '@mawingu/contracts/catalog';
import classes from '../components/purchase.module.css';

/** The spec's disabled sliders of a renewal: the VM's sizes on the product's scales, not movable. */
export function LockedSliders({ rows }: { rows: SpecificationRow[] }) {
  const { t } = useTranslation('renewals');
  const ordered = [...rows].sort((a, b) => a.sequence - b.sequence);
  return (
    <Stack gap="lg">
      {ordered.map((row) => {
        const unit = row.specificationUnit;
        const value = row.specificationCount;
        return (
          <div key={row.specificationName}>
            <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
              <Text size="sm" fw={600}>
                {row.specificationName}
              </Text>
              <Text size="sm" fw={600} className={classes.sliderValue} aria-hidden>
                {t('renew.value', { value, unit })}
              </Text>
            </Group>
            <Slider
              min={row.minValue}
              max={Math.max(row.maxValue, value)}
              step={Math.max(row.size, 1)}
              value={value}
              disabled
              thumbLabel={t('renew.sizeOf', { name: row.specificationName, unit })}
              size="md"
            />
          </div>
        );
      })}
    </Stack>
  );
}
