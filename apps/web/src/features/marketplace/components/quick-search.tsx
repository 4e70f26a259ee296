import { useId } from 'react';
import { ActionIcon, Button, Card, Group, NativeSelect, Slider, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FilterData, ProductFilter, SpecRange } from '@mawingu/contracts/catalog';
import { useOsLabel } from '../../../components/os-icon.tsx';
import { chooseOperatingSystem, virtualMachineChoices } from '../quick-search-state.ts';

type QuickSearchProps = {
  data: FilterData;
  draft: ProductFilter;
  onChange(next: ProductFilter): void;
  onApply(): void;
  onReset(): void;
  applying: boolean;
};

type SpecField = 'processor' | 'memory' | 'disk';

function SpecSlider({ field, range, value, onChange }: { field: SpecField; range: SpecRange; value: number; onChange(v: number): void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const label = t(`marketplace.${field}`);
  const shown = value === 0 ? t('marketplace.any') : t('marketplace.atLeast', { value, unit: range.unit });
  return (
    <div>
      <Group justify="space-between" gap="xs" mb={6}>
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Text size="sm" c={value === 0 ? 'dimmed' : undefined}>
          {shown}
        </Text>
      </Group>
      <Slider
        min={0}
        max={Math.max(range.max, range.step)}
        step={range.step}
        value={value}
        onChange={onChange}
        disabled={range.max === 0}
        label={null}
        thumbLabel={label}
        aria-describedby={labelId}
        size="sm"
      />
    </div>
  );
}

/**
 * The spec's "Quick Search": operating system, virtual machine, processor, memory, disk, region
 * and IP type, then Apply; the reset icon clears every choice.
 */
export function QuickSearch({ data, draft, onChange, onApply, onReset, applying }: QuickSearchProps) {
  const { t } = useTranslation();
  const osLabel = useOsLabel();
  const any = { value: '', label: t('marketplace.any') };
  const vmChoices = virtualMachineChoices(data, draft.operatingSystem);

  return (
    <Card padding="lg" component="section" aria-labelledby="quick-search-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} fz="lg" id="quick-search-title">
              {t('marketplace.quickSearch')}
            </Title>
            <Tooltip label={t('marketplace.reset')}>
              <ActionIcon variant="subtle" color="gray" size="lg" onClick={onReset} aria-label={t('marketplace.reset')}>
                <IconRefresh size={18} stroke={1.8} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>

          <NativeSelect
            label={t('marketplace.operatingSystem')}
            data={[any, ...data.operatingSystem.map((os) => ({ value: os, label: osLabel(os) }))]}
            value={draft.operatingSystem === 0 ? '' : draft.operatingSystem}
            onChange={(event) => onChange(chooseOperatingSystem(draft, event.currentTarget.value))}
          />
          <NativeSelect
            label={t('marketplace.virtualMachine')}
            data={[any, ...vmChoices.map((p) => ({ value: String(p.productID), label: p.productName }))]}
            value={draft.virtualMachine === 0 ? '' : String(draft.virtualMachine)}
            onChange={(event) => onChange({ ...draft, virtualMachine: Number(event.currentTarget.value) || 0 })}
          />
          <SpecSlider
            field="processor"
            range={data.specs.processor}
            value={draft.processor}
            onChange={(processor) => onChange({ ...draft, processor })}
          />
          <SpecSlider field="memory" range={data.specs.memory} value={draft.memory} onChange={(memory) => onChange({ ...draft, memory })} />
          <SpecSlider field="disk" range={data.specs.disk} value={draft.disk} onChange={(disk) => onChange({ ...draft, disk })} />
          <NativeSelect
            label={t('marketplace.region')}
            data={[any, ...data.country.map((c) => ({ value: String(c.regionID), label: c.regionName }))]}
            value={draft.region === 0 ? '' : String(draft.region)}
            onChange={(event) => onChange({ ...draft, region: Number(event.currentTarget.value) || 0 })}
          />
          <NativeSelect
            label={t('marketplace.ipType')}
            data={[any, ...data.ipType.map((ip) => ({ value: ip, label: ip }))]}
            value={draft.IPType === 0 ? '' : draft.IPType}
            onChange={(event) => onChange({ ...draft, IPType: event.currentTarget.value || 0 })}
          />
          <Button type="submit" fullWidth loading={applying}>
            {t('marketplace.apply')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
