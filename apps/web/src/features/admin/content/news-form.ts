import type { FieldErrors, Resolver } from 'react-hook-form';
import { newsInput, type AdminNewsItem, type NewsInput } from '@mawingu/contracts/admin/content';

/** The news editor's values: links as rows (useFieldArray), the date as a datetime-local text. */
export type NewsFormValues = {
  title: string;
  content: string;
  imagePath: string | null;
  links: { value: string }[];
  /** "2026-03-01T09:30" in the browser's time zone; empty = now; later = scheduled. */
  publishedAt: string;
  /** Kept in the console only. */
  draft: boolean;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local input shows it (local time, minutes). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formValuesOf(item: AdminNewsItem | null, now = new Date()): NewsFormValues {
  if (!item) return { title: '', content: '', imagePath: null, links: [], publishedAt: toLocalInput(now.toISOString()), draft: false };
  return {
    title: item.title,
    content: item.content,
    imagePath: item.imagePath,
    links: item.links.map((value) => ({ value })),
    publishedAt: toLocalInput(item.publishedAt),
    draft: item.draft,
  };
}

/** Where an item stands on the site: a draft, scheduled for its date, or published. */
export function newsState(item: Pick<AdminNewsItem, 'draft' | 'publishedAt'>, now = new Date()): 'draft' | 'scheduled' | 'published' {
  if (item.draft) return 'draft';
  return Date.parse(item.publishedAt) > now.getTime() ? 'scheduled' : 'published';
}

/** The request for the form's values; a date the browser cannot read is passed on for the contract to refuse. */
export function toRequest(values: NewsFormValues): NewsInput {
  const date = values.publishedAt.trim() ? new Date(values.publishedAt) : null;
  return {
    title: values.title,
    content: values.content,
    imagePath: values.imagePath,
    links: values.links.map((link) => link.value.trim()).filter((link) => link !== ''),
    draft: values.draft,
    ...(date ? { publishedAt: Number.isNaN(date.getTime()) ? values.publishedAt : date.toISOString() } : {}),
  };
}

/** The API's field name → the form's: "links.2" → "links.2.value". */
export function newsFieldOf(apiField: string): string | null {
  if (/^links\.\d+$/.test(apiField)) return `${apiField}.value`;
  if (apiField === 'links') return 'links.root';
  return ['title', 'content', 'imagePath', 'publishedAt'].includes(apiField) ? apiField : null;
}

/**
 * Checks the form with the API's own contract (same rules, same messages), so a mistake shows under
 * its field before the call. Empty link rows are left out, as the request leaves them out.
 */
export const newsResolver: Resolver<NewsFormValues> = async (values) => {
  // Map the request's link positions back to the rows they came from (empty rows are skipped).
  const rowOf: number[] = [];
  values.links.forEach((link, row) => {
    if (link.value.trim() !== '') rowOf.push(row);
  });
  const parsed = newsInput.safeParse(toRequest(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const [head, index] = issue.path;
    let field: string | null;
    if (head === 'links' && typeof index === 'number') field = `links.${rowOf[index] ?? index}.value`;
    else field = newsFieldOf(String(head ?? ''));
    if (!field || errors[field]) continue;
    errors[field] = { type: issue.code, message: issue.message };
  }
  // react-hook-form wants nested objects: "links.2.value" → { links: { 2: { value } } }.
  const nested: Record<string, any> = {};
  for (const [path, error] of Object.entries(errors)) {
    const parts = path.split('.');
    let node = nested;
    parts.slice(0, -1).forEach((part) => (node = node[part] ??= {}));
    node[parts.at(-1)!] = error;
  }
  return { values: {}, errors: nested as FieldErrors<NewsFormValues> };
};
