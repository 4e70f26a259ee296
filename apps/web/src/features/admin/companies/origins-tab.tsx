import { useMemo } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { COMPANY_LIMITS, type CompanySettings } from '@mawingu/contracts/admin/companies';
import { listError, RowActions } from './list-row-actions.tsx';
import { originFieldOf, originRows } from './origin-fields.ts';
import { SectionForm } from './section-form.tsx';
import { useSectionForm } from './use-section-form.ts';
import classes from './companies.module.css';

const schema = z.object({ origins: originRows });
type OriginValues = { origins: { value: string }[] };

/** The website addresses the company's site answers on (at least one). */
export function OriginsTab({ companyId, settings }: { companyId: number; settings: CompanySettings }) {
  const { t } = useTranslation('adminCompanies');
  const values = useMemo(() => ({ origins: settings.origins.map((value) => ({ value })) }), [settings.origins]);
  const { form, submit, saving, formError } = useSectionForm<OriginValues>(companyId, {
    draft: 'origins',
    schema,
    values,
    toRequest: (v) => ({ origins: v.origins.map((o) => o.value) }),
    fieldOf: originFieldOf,
  });
  const rows = useFieldArray({ control: form.control, name: 'origins' });
  const errors = form.formState.errors.origins;
  const full = rows.fields.length >= COMPANY_LIMITS.origins;
  return (
    <SectionForm
      title={t('origins.title')}
      description={t('origins.intro')}
      onSubmit={submit}
      dirty={form.formState.isDirty}
      saving={saving}
      formError={formError}
    >
      <Stack gap="sm">
        {rows.fields.map((row, i) => {
          const label = t('origins.rowLabel', { n: i + 1 });
          return (
            <div key={row.id} role="group" aria-label={label} className={`${classes.row} ${classes.originRow}`}>
              <TextInput
                label={label}
                required
                placeholder="https://cloud.example.com"
                type="url"
                {...form.register(`origins.${i}.value`)}
                error={errors?.[i]?.value?.message}
              />
              <RowActions label={label} index={i} onRemove={() => rows.remove(i)} removeDisabled={rows.fields.length <= 1} />
            </div>
          );
        })}
      </Stack>
      {listError(errors) && (
        <Text size="sm" c="red" role="alert">
          {listError(errors)}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={full} onClick={() => rows.append({ value: '' })}>
          {t('origins.add')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('origins.hint')}
      </Text>
    </SectionForm>
  );
}
