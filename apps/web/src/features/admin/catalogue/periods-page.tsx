import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert, Divider, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { z } from 'zod';
import {
  catalogueMessages,
  cloneDurationsInput,
  timePeriodInput,
  type CloneDurations,
  type TimePeriod,
  type TimePeriodInput,
} from '@mawingu/contracts/admin/catalogue';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useScopedCompanyId } from '../shell/company-scope.ts';
import { useCloneDurations, useDeleteTimePeriod, useSaveCloneDurations, useSaveTimePeriod, useTimePeriods } from './catalogue-api.ts';
import { QueryView, SaveForm, SectionHeader, SortOrderField, useCatalogueText } from './catalogue-ui.tsx';
import { EditableRows } from './editable-rows.tsx';

const numberField = { valueAsNumber: true } as const;

/** The label a period gets from its days ("30 Days"), as the spec's configurator lists them. */
export const periodLabel = (days: number) => (days === 1 ? '1 Day' : `${days} Days`);
/** A label still as the days made it (or empty): it follows the days; one the operator wrote stays. */
export const labelFollowsDays = (label: string) => /^\s*(\d+ Days?)?\s*$/.test(label);

/** "3, 7, 14" → [3, 7, 14]; anything that is not a whole number stays NaN for the schema to name. */
const parseCounts = (value: string) =>
  value
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));

const countsForm = z.object({ counts: z.string() }).transform((v, ctx) => {
  const parsed = cloneDurationsInput.safeParse({ counts: parseCounts(v.counts) });
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', path: ['counts'], message: parsed.error.issues[0]?.message ?? catalogueMessages.cloneCountRange });
    return z.NEVER;
  }
  return parsed.data;
});

function CloneDurationsForm({ durations }: { durations: CloneDurations }) {
  const { t } = useTranslation('adminCatalogue');
  const text = useCatalogueText();
  const companyId = useScopedCompanyId();
  const save = useSaveCloneDurations(companyId);
  const form = useForm<{ counts: string }>({
    resolver: zodResolver(countsForm) as never,
    values: { counts: durations.usesDefault ? '' : durations.counts.join(', ') },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values as unknown as { counts: number[] });
      showSuccessToast(t('common.savedToast'));
    } catch (err) {
      const message = err instanceof ApiError ? (Object.values(err.fieldErrors ?? {})[0] ?? err.message) : String(err);
      form.setError('counts', { type: 'server', message });
      showErrorToast(text(message) ?? message);
    }
  });
  return (
    <SaveForm onSubmit={submit} pending={save.isPending}>
      <TextInput
        {...form.register('counts')}
        label={t('clone.counts')}
        description={t('clone.countsHelp', { defaults: durations.defaults.join(', ') })}
        placeholder={durations.defaults.join(', ')}
        inputMode="numeric"
        error={text(form.formState.errors.counts?.message)}
        autoComplete="off"
        maw={480}
      />
      <Text size="sm" aria-live="polite">
        {durations.usesDefault ? t('clone.usesDefault') : t('clone.offered', { counts: durations.counts.join(', ') })}
      </Text>
    </SaveForm>
  );
}

/** Time periods of the configurator ("Time (In Days)") and the clone page's durations. */
export default function PeriodsPage() {
  const { t } = useTranslation('adminCatalogue');
  const companyId = useScopedCompanyId();
  const periods = useTimePeriods(companyId);
  const durations = useCloneDurations(companyId);
  const save = useSaveTimePeriod(companyId);
  const remove = useDeleteTimePeriod(companyId);

  return (
    <Stack gap="xl">
      <EditableRows<TimePeriod, TimePeriodInput>
        area="periods"
        query={periods}
        name={(p) => p.label}
        above={(list) =>
          list.length === 0 && (
            <Alert color="yellow" variant="light" mb="sm">
              {t('periods.noneWarning')}
            </Alert>
          )
        }
        columns={[
          { key: 'label', label: t('periods.label'), render: (p) => p.label },
          { key: 'days', label: t('periods.days'), render: (p) => p.days, numeric: true },
          { key: 'order', label: t('common.sortOrder'), render: (p) => p.sortOrder, numeric: true },
        ]}
        onDelete={(p) => remove.mutateAsync(p.id)}
        schema={timePeriodInput}
        values={(p) => (p ? { days: p.days, label: p.label, sortOrder: p.sortOrder } : { days: 30, label: periodLabel(30), sortOrder: 0 })}
        onSave={(id, body) => save.mutateAsync({ id, body })}
      >
        {(form, text) => (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <TextInput
              {...form.register('days', {
                ...numberField,
                onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                  const days = event.currentTarget.valueAsNumber;
                  if (Number.isInteger(days) && days > 0 && labelFollowsDays(form.getValues('label')))
                    form.setValue('label', periodLabel(days), { shouldDirty: true });
                },
              })}
              type="number"
              inputMode="numeric"
              label={t('periods.days')}
              withAsterisk
              error={text(form.formState.errors.days?.message)}
              data-autofocus
            />
            <TextInput
              {...form.register('label')}
              label={t('periods.label')}
              withAsterisk
              maxLength={40}
              error={text(form.formState.errors.label?.message)}
            />
            <SortOrderField form={form} />
          </SimpleGrid>
        )}
      </EditableRows>
      <Divider />
      <section aria-labelledby="catalogue-clone-title">
        <SectionHeader id="catalogue-clone-title" title={t('clone.title')} description={t('clone.intro')} />
        <QueryView query={durations}>{(data) => <CloneDurationsForm durations={data} />}</QueryView>
      </section>
    </Stack>
  );
}
