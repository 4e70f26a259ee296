import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../api/api-error.ts';

/**
 * Puts an API refusal on a form: each `data.fieldErrors` entry under its field (`fieldOf` maps the
 * API's name, e.g. "links.2", to the form's, e.g. "links.2.value"; null = no such field). Returns
 * the message to show above the buttons when nothing could be placed under a field.
 */
export function placeApiErrors<V extends FieldValues>(
  err: unknown,
  form: UseFormReturn<V>,
  fieldOf: (apiField: string) => string | null = (f) => f,
): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  let placed = false;
  for (const [apiField, message] of Object.entries(err.fieldErrors ?? {})) {
    const field = fieldOf(apiField);
    if (field === null) continue;
    form.setError(field as Path<V>, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed ? null : err.message;
}
