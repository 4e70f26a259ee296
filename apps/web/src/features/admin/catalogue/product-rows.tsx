import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { SPEC_NAMES, type ProductInput } from '@mawingu/contracts/admin/catalogue';
import { useWide } from '../shell/use-wide.ts';
import { useCatalogueText } from './catalogue-ui.tsx';
import classes from './catalogue.module.css';

type Values = ProductInput;

/** register()'s option for number inputs: the form holds the number, not the typed text. */
export const numberField = { valueAsNumber: true } as const;

/** The three sliders (Processor, Memory, Disk): unit, default, range, step and cost per unit. */
export function SpecRows({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const wide = useWide();
  const errors = form.formState.errors.specs;
  const columns = ['unit', 'defaultCount', 'minValue', 'maxValue', 'step', 'costPerUnit', 'sequence'] as const;
  const cells = (i: number) => {
    const e = errors?.[i];
    const name = form.getValues(`specs.${i}.name`);
    const label = (field: (typeof columns)[number]) =>
      t('editor.specField', { field: t(`editor.spec.${field}`), spec: t(`editor.specNames.${name}`) });
    return {
      unit: <TextInput {...form.register(`specs.${i}.unit`)} aria-label={label('unit')} error={text(e?.unit?.message)} maxLength={16} />,
      defaultCount: (
        <TextInput
          {...form.register(`specs.${i}.defaultCount`, numberField)}
          type="number"
          inputMode="numeric"
          aria-label={label('defaultCount')}
          error={text(e?.defaultCount?.message)}
        />
      ),
      minValue: (
        <TextInput
          {...form.register(`specs.${i}.minValue`, numberField)}
          type="number"
          inputMode="numeric"
          aria-label={label('minValue')}
          error={text(e?.minValue?.message)}
        />
      ),
      maxValue: (
        <TextInput
          {...form.register(`specs.${i}.maxValue`, numberField)}
          type="number"
          inputMode="numeric"
          aria-label={label('maxValue')}
          error={text(e?.maxValue?.message)}
        />
      ),
      step: (
        <TextInput
          {...form.register(`specs.${i}.step`, numberField)}
          type="number"
          inputMode="numeric"
          aria-label={label('step')}
          error={text(e?.step?.message)}
        />
      ),
      costPerUnit: (
        <TextInput
          {...form.register(`specs.${i}.costPerUnit`)}
          inputMode="decimal"
          aria-label={label('costPerUnit')}
          error={text(e?.costPerUnit?.message)}
          autoComplete="off"
        />
      ),
      sequence: (
        <TextInput
          {...form.register(`specs.${i}.sequence`, numberField)}
          type="number"
          inputMode="numeric"
          aria-label={label('sequence')}
          error={text(e?.sequence?.message)}
        />
      ),
    };
  };
  const specsError = text(errors?.message ?? errors?.root?.message);

  return (
    <Stack gap="xs">
      {specsError && (
        <Alert color="red" variant="light" role="alert">
          {specsError}
        </Alert>
      )}
      {wide ? (
        <ScrollArea type="auto">
          <Table className={classes.gridTable} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('editor.spec.name')}</Table.Th>
                {columns.map((c) => (
                  <Table.Th key={c}>{t(`editor.spec.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {SPEC_NAMES.map((name, i) => {
                const row = cells(i);
                return (
                  <Table.Tr key={name}>
                    <Table.Th scope="row">{t(`editor.specNames.${form.getValues(`specs.${i}.name`)}`)}</Table.Th>
                    {columns.map((c) => (
                      <Table.Td key={c} miw={c === 'costPerUnit' ? 120 : 80}>
                        {row[c]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      ) : (
        SPEC_NAMES.map((name, i) => {
          const row = cells(i);
          return (
            <Paper key={name} withBorder p="sm" radius="md">
              <Text fw={600} mb="xs" component="h4">
                {t(`editor.specNames.${form.getValues(`specs.${i}.name`)}`)}
              </Text>
              <SimpleGrid cols={2} spacing="xs">
                {columns.map((c) => (
                  <Stack key={c} gap={2}>
                    <Text size="xs" c="dimmed" aria-hidden>
                      {t(`editor.spec.${c}`)}
                    </Text>
                    {row[c]}
                  </Stack>
                ))}
              </SimpleGrid>
            </Paper>
          );
        })
      )}
      <Text size="xs" c="dimmed">
        {t('editor.specsHelp')}
      </Text>
    </Stack>
  );
}

/** RAM → CPU ranges: how many vCPUs a RAM size comes with. */
export function RangeRows({ form }: { form: UseFormReturn<Values> }) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'ramCpuRanges' });
  const errors = form.formState.errors.ramCpuRanges;
  return (
    <Stack gap="xs">
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('editor.rangesEmpty')}
        </Text>
      )}
      {fields.map((field, i) => (
        <Group key={field.id} gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            {...form.register(`ramCpuRanges.${i}.ramFrom`, numberField)}
            type="number"
            inputMode="numeric"
            label={t('editor.ramFrom')}
            error={text(errors?.[i]?.ramFrom?.message)}
            w={110}
          />
          <TextInput
            {...form.register(`ramCpuRanges.${i}.ramTo`, numberField)}
            type="number"
            inputMode="numeric"
            label={t('editor.ramTo')}
            error={text(errors?.[i]?.ramTo?.message)}
            w={110}
          />
          <TextInput
            {...form.register(`ramCpuRanges.${i}.cpuCount`, numberField)}
            type="number"
            inputMode="numeric"
            label={t('editor.cpuCount')}
            error={text(errors?.[i]?.cpuCount?.message)}
            w={110}
          />
          <Button variant="subtle" color="red" mt={26} onClick={() => remove(i)} aria-label={t('editor.removeRange', { n: i + 1 })}>
            {t('common.remove')}
          </Button>
        </Group>
      ))}
      <Group>
        <Button variant="default" size="xs" onClick={() => append({ ramFrom: 0, ramTo: 0, cpuCount: 1 })}>
          {t('editor.addRange')}
        </Button>
      </Group>
    </Stack>
  );
}
