/** A value as ILIKE matches it literally: PostgreSQL's `\` escape before `\`, `%` and `_`. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern for "contains `q`" (the console's searches). */
export const containing = (q: string) => `%${escapeLike(q)}%`;
