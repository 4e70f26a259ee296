import { useId } from 'react';
import { Group, Slider, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VmProductDetails } from '@mawingu/contracts/purchase';
import { processorForMemory, slidersOf, type SizeKey, type Sizes } from '../configurator.ts';
import classes from './purchase.module.css';

type SliderRow = ReturnType<typeof slidersOf>[number];

function SpecSlider({
  row,
  value,
  onChange,
  lockedNote,
}: {
  row: SliderRow;
  value: number;
  onChange: (value: number) => void;
  lockedNote?: string;
}) {
  const { t } = useTranslation('purchase');
  const labelId = useId();
  const hintId = useId();
  const unit = row.specificationUnit;
  const step = Math.max(row.size, 1);
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Text size="sm" fw={600} id={labelId}>
          {row.specificationName}
        </Text>
        <Text size="sm" fw={600} className={classes.sliderValue} aria-hidden>
          {t('configure.value', { value, unit })}
        </Text>
      </Group>
      <Slider
        min={row.minValue}
        max={row.maxValue}
        step={step}
        value={value}
        onChange={onChange}
        disabled={lockedNote !== undefined || row.minValue === row.maxValue}
        label={(v) => t('configure.value', { value: v, unit })}
        thumbLabel={t('configure.sizeOf', { name: row.specificationName, unit })}
        aria-describedby={hintId}
        size="md"
      />
      <Group justify="space-between" gap="xs" mt={6} id={hintId}>
        <Text size="xs" c="dimmed">
          {t('configure.range', { min: row.minValue, max: row.maxValue, unit })}
          {step > 1 && ` · ${t('configure.step', { step })}`}
        </Text>
        {lockedNote && (
          <Text size="xs" c="dimmed">
            {lockedNote}
          </Text>
        )}
      </Group>
    </div>
  );
}

/** One slider per specification, min, max and step from the product; memory sets the processor count. */
export function SpecSliders({
  details,
  sizes,
  onChange,
}: {
  details: VmProductDetails;
  sizes: Sizes;
  onChange: (key: SizeKey, value: number) => void;
}) {
  const { t } = useTranslation('purchase');
  const rows = slidersOf(details);
  const memoryRow = rows.find((r) => r.key === 'memory');
  const cpu = processorForMemory(details.ramCpuDependecy, sizes.memory);
  return (
    <Stack gap="xl">
      {rows.map((row) => {
        const locked =
          row.key === 'processor' && cpu !== null
            ? t('configure.processorFollows', {
                memory: sizes.memory,
                memoryUnit: memoryRow?.specificationUnit ?? details.VMProductDetail.vm_RAM_Unit,
                count: cpu,
                unit: row.specificationUnit,
              })
            : undefined;
        return <SpecSlider key={row.key} row={row} value={sizes[row.key]} onChange={(v) => onChange(row.key, v)} lockedNote={locked} />;
      })}
    </Stack>
  );
}
