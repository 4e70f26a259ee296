import type { z } from 'zod';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call's schemas: its query, its body and the data of its 200 reply (none: the reply's data is null). */
export type CallSchemas = { query?: z.ZodType; request?: z.ZodType; reply?: z.ZodType };

/**
 * One API call as both sides know it: method, path under its door (`/api` or `/api/admin`, with
 * `:name` parameters) and schemas. The schemas are loaded on demand, from a file of their own: the
 * SPA reads a call's method and path in production, and its schemas (zod) only in development
 * (docs/decisions/0033-replies-zod-checked-in-development-only.md, 0091-one-spa-client.md).
 */
export type Call<Path extends string = string, Schemas extends CallSchemas = CallSchemas> = {
  readonly method: CallMethod;
  readonly path: Path;
  readonly schemas: () => Promise<Schemas>;
  /** The statuses whose reply carries the reply schema's data: 200, unless the contract says more (409 "taken"). */
  readonly dataStatuses?: readonly number[];
};

/**
 * The calls of one contract file, whose schemas `load` imports when they are asked for:
 * `const call = defineCalls(() => import('./faq.ts'));`
 * `export const faqListCall = call('GET', 'companies/:companyId/faq', (s) => ({ reply: s.faqList }));`
 */
export function defineCalls<Module>(load: () => Promise<Module>) {
  return <const Path extends string, Schemas extends CallSchemas>(
    method: CallMethod,
    path: Path,
    pick: (module: Module) => Schemas,
    more: Pick<Call, 'dataStatuses'> = {},
  ): Call<Path, Schemas> => ({ method, path, schemas: () => load().then(pick), ...more });
}

/** What a call sends: its request schema's input, or nothing. */
export type CallRequest<C> =
  C extends Call<string, infer S> ? (S extends { request: infer R extends z.ZodType } ? z.input<R> : undefined) : never;

/** The data of a call's 200 reply. */
export type CallReply<C> = C extends Call<string, infer S> ? (S extends { reply: infer R extends z.ZodType } ? z.output<R> : null) : never;

type ParamNames<Path> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a call's `:name` path parameters. */
export type CallParams<C> = C extends Call<infer Path> ? { [Name in ParamNames<Path>]: string | number } : never;

/** The path with its parameters filled in (each encoded). */
export function callPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`call path ${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
