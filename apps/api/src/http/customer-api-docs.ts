import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ADMIN_PREFIX } from '../console/operator-guard.ts';

type TransformArgs = Parameters<typeof jsonSchemaTransform>[0];

/** The customer API: /api/*, without the operator console's routes. */
export function isCustomerApi(url: string): boolean {
  const operatorConsole = url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`);
  return url.startsWith('/api/') && !operatorConsole;
}

/**
 * @fastify/swagger's transform for /api/docs: what it publishes is the customer API only. The
 * console's operations are no business of the public (nor /dev's tools, nor the simulator's page).
 */
export function customerApiOnly(args: TransformArgs): ReturnType<typeof jsonSchemaTransform> {
  if (isCustomerApi(args.url)) return jsonSchemaTransform(args);
  return { schema: { hide: true }, url: args.url };
}
