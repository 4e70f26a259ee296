import { hashPassword } from '../src/modules/identity/auth/passwords.ts';
import { resolveAuthSecret } from '../src/modules/identity/auth/auth-secret.ts';
import { operators, operatorSessions } from '../src/db/schema.ts';
import { createOperatorTokens, type OperatorRole } from '../src/console/operator-tokens.ts';
import type { TestContext } from './test-app.ts';

export type SignedInOperator = { operatorId: number; email: string; token: string; headers: Record<string, string> };

let seq = 0;
let passwordHash: Promise<string> | undefined;

/**
 * An operator with a live console session, as the TOTP login would start it, without the login
 * round trip (the login itself is tested in modules/admin). `companyId` is required for admin and
 * support, absent for the owner.
 */
export async function signInOperator(
  t: TestContext,
  role: OperatorRole,
  companyId: number | null = null,
  email = `${role}-${++seq}-${process.pid}@console.example`,
): Promise<SignedInOperator> {
  passwordHash ??= hashPassword('Console@2026');
  const [op] = await t.database.db
    .insert(operators)
    .values({
      email,
      name: `Test ${role}`,
      passwordHash: await passwordHash,
      role,
      companyId: role === 'owner' ? null : companyId,
      totpEnabledAt: new Date(),
    })
    .returning({ id: operators.id });
  const [session] = await t.database.db
    .insert(operatorSessions)
    .values({ operatorId: op!.id, expiresAt: new Date(Date.now() + 3600_000) })
    .returning({ id: operatorSessions.id });
  const tokens = createOperatorTokens(resolveAuthSecret(t.config), t.config.operatorSessionTtlSeconds);
  const token = await tokens.sign({ operatorId: op!.id, role, companyId: role === 'owner' ? null : companyId, sessionId: session!.id });
  return { operatorId: op!.id, email, token, headers: { authorization: `Bearer ${token}` } };
}

/** Calls a console route and returns the parsed envelope with the HTTP status. */
export async function adminCall(
  t: TestContext,
  who: Pick<SignedInOperator, 'headers'> | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const res = await t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: who?.headers ?? {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  let parsed: { status: number; message: string; data: any };
  try {
    parsed = res.json();
  } catch {
    parsed = { status: res.statusCode, message: '', data: res.body };
  }
  return { http: res.statusCode, body: parsed, headers: res.headers, raw: res };
}
