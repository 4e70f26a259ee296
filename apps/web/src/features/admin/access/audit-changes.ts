/** One line of an audit entry's change: a field with its value before and after (JSON text). */
export type ChangeRow = { field: string; before: string | null; after: string | null; changed: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const show = (value: unknown): string | null => (value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * An entry's before and after as readable lines: for records, one line per field (changed fields
 * first, each once); anything else as one line. Nothing on either side: no lines.
 */
export function auditChanges(before: unknown, after: unknown): ChangeRow[] {
  const none = (v: unknown) => v === null || v === undefined;
  if (none(before) && none(after)) return [];
  if ((isRecord(before) || none(before)) && (isRecord(after) || none(after))) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    const rows = fields.map((field) => {
      const was = show(b[field]);
      const is = show(a[field]);
      return { field, before: none(before) ? null : was, after: none(after) ? null : is, changed: was !== is };
    });
    return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
  }
  return [{ field: '', before: show(before ?? undefined), after: show(after ?? undefined), changed: true }];
}
