import { z } from 'zod';
import { siteOrigin, siteOrigins } from '@mawingu/contracts/admin/companies';

/** Website addresses as a form list ({ value } rows for useFieldArray), checked with the contract's rules. */
export const originRows = z.array(z.object({ value: siteOrigin })).superRefine((rows, ctx) => {
  const checked = siteOrigins.safeParse(rows.map((r) => r.value));
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const [index] = issue.path;
    // Invalid single addresses are reported by the row's own schema.
    if (typeof index === 'number') {
      if (issue.message !== undefined && rows[index] && siteOrigin.safeParse(rows[index].value).success) {
        ctx.addIssue({ code: 'custom', path: [index, 'value'], message: issue.message });
      }
    } else ctx.addIssue({ code: 'custom', path: [], message: issue.message });
  }
});

/** API field → form field: "origins.1" → "origins.1.value", "origins" → "origins.root". */
export function originFieldOf(apiField: string): string | null {
  if (apiField === 'origins') return 'origins.root';
  const index = /^origins\.(\d+)$/.exec(apiField)?.[1];
  return index === undefined ? null : `origins.${index}.value`;
}
