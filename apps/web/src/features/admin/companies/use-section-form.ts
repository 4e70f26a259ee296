import { useMemo, useState } from 'react';
import { forgetDraft, useKeptDraft } from '../shell/kept-draft.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { UpdateCompanySettingsRequest } from '@mawingu/contracts/admin/companies';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { ApiError } from '../../../api/api-error.ts';
import { useUpdateSettings } from './companies-api.ts';

/**
 * Puts an API refusal on the form: each `data.fieldErrors` entry under its field (the API names
 * them "brand.name", "origins.1", …; `fieldOf` maps them to this form's names). Returns what could
 * not be placed under a field, for an alert above the buttons.
 */
export function placeApiErrors<V extends FieldValues>(
  err: unknown,
  form: UseFormReturn<V>,
  fieldOf: (apiField: string) => string | null,
): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  const entries = Object.entries(err.fieldErrors ?? {});
  let placed = false;
  for (const [apiField, message] of entries) {
    const field = fieldOf(apiField);
    if (field === null) continue;
    form.setError(field as Path<V>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? null : err.message;
}

/** "brand.name" → "name" for a section whose form holds the section's own fields. */
export const withinSection = (section: string) => (apiField: string) =>
  apiField.startsWith(`${section}.`) ? apiField.slice(section.length + 1) : null;

type SectionFormOptions<V extends FieldValues> = {
  /** The section's name, under which its unsaved edits are kept while the operator is elsewhere. */
  draft: string;
  schema: z.ZodType;
  values: V;
  /** The PUT body for the form's checked values; `dirty` names the fields the operator changed. */
  toRequest: (values: V, dirty: Partial<Record<keyof V, unknown>>) => UpdateCompanySettingsRequest;
  fieldOf: (apiField: string) => string | null;
};

/**
 * One settings section's form: checked with the contract's schema, saved with PUT, API errors under
 * the fields. Unsaved edits outlive the section (another tab, another console page) as a draft, and
 * leaving the site with them asks first.
 */
export function useSectionForm<V extends FieldValues>(companyId: number, options: SectionFormOptions<V>) {
  const { t } = useTranslation('adminCompanies');
  const update = useUpdateSettings(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => zodResolver(options.schema as never) as unknown as Resolver<V>, [options.schema]);
  // `values` follows the saved settings: after a save the form holds them and is clean again.
  const form = useForm<V>({ resolver, values: options.values });
  useKeptDraft(form, `${companyId}:${options.draft}`);

  /** Saves checked values (a form that asks first, like maintenance, calls this after the question). */
  async function save(values: V) {
    setFormError(null);
    try {
      await update.mutateAsync(options.toRequest(values, form.formState.dirtyFields as Partial<Record<keyof V, unknown>>));
      forgetDraft(`${companyId}:${options.draft}`);
      showSuccessToast(t('saved'));
    } catch (err) {
      const unplaced = placeApiErrors(err, form, options.fieldOf);
      setFormError(unplaced);
      showErrorToast(err instanceof Error ? err.message : t('saveFailed'));
    }
  }

  const submit = form.handleSubmit(save);

  return { form, submit, save, saving: update.isPending, formError };
}
