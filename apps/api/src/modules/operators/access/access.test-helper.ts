import { generateSync } from 'otplib';
import { operators } from '../../../db/schema.ts';
import { createSecretBox } from '../../../integrations/secrets/secret-box.ts';
import { resolveAuthSecret } from '../../identity/auth/auth-secret.ts';
import { hashPassword } from '../../identity/auth/passwords.ts';
import type { OperatorRole } from '../../../console/operator-tokens.ts';
import type { TestContext } from '../../../../test/test-app.ts';

export const PASSWORD = 'Console2026pass';

let seq = 0;

/** An operator with a known password; enrolled with `totpSecret` when given (else first login enrols). */
export async function makeOperator(
  t: TestContext,
  input: { role: OperatorRole; companyId?: number | null; totpSecret?: string; email?: string; password?: string; disabled?: boolean },
) {
  const email = input.email ?? `op-${++seq}-${process.pid}@access.example`;
  const box = createSecretBox(resolveAuthSecret(t.config));
  const [row] = await t.database.db
    .insert(operators)
    .values({
      email,
      name: `Operator ${seq}`,
      passwordHash: await hashPassword(input.password ?? PASSWORD),
      role: input.role,
      companyId: input.role === 'owner' ? null : (input.companyId ?? null),
      totpSecretSealed: input.totpSecret ? box.seal(input.totpSecret) : null,
      totpEnabledAt: input.totpSecret ? new Date() : null,
      disabledAt: input.disabled ? new Date() : null,
    })
    .returning();
  return row!;
}

/** The code an authenticator app shows at `offsetSteps` 30 s steps from now. */
/**
 * Waits for the next 30-second step when this one has less than `seconds` left, so a code taken
 * now is still the current one when the test sends it again.
 */
export async function startOfAStep(seconds = 10): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export function codeAt(secret: string, offsetSteps = 0): string {
  return generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });
}

export async function call(
  t: TestContext,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  const res = await t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers,
    remoteAddress,
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { http: res.statusCode, headers: res.headers, body: res.json() as { status: number; message: string; data: any } };
}

/** Password then TOTP code: a signed-in operator's bearer headers. */
export async function logIn(t: TestContext, email: string, secret: string, offsetSteps = 0, password = PASSWORD) {
  const first = await call(t, 'POST', '/auth/login', { email, password });
  if (first.http !== 200) throw new Error(`login ${first.http} ${first.body.message}`);
  const second = await call(t, 'POST', '/auth/verify', { challenge: first.body.data.challenge, code: codeAt(secret, offsetSteps) });
  if (second.http !== 200) throw new Error(`verify ${second.http} ${second.body.message}`);
  return { token: second.body.data.token as string, headers: { authorization: `Bearer ${second.body.data.token}` } };
}
