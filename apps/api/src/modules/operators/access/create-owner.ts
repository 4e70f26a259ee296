import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { accessMessages, operatorPassword } from '@mawingu/contracts/admin/access';
import { EMAIL_PATTERN } from '@mawingu/contracts/fields';
import type { Db } from '../../../db/client.ts';
import { operators } from '../../../db/schema.ts';
import { hashPassword } from '../../identity/index.ts';
import { recordAudit } from '../../../console/audit.ts';

export const CREATE_OWNER_USAGE = [
  'Usage: npm run operator:create-owner -- --email <address> --name "<full name>"',
  '  The password comes from OPERATOR_PASSWORD (at least 10 characters with letters and digits);',
  '  without it one is generated and printed once. The owner sets up TOTP at the first login on /admin/login.',
].join('\n');

export type CreateOwnerArgs = { email: string; name: string };

/** The command line as input, or why it cannot be. */
export function parseCreateOwnerArgs(argv: string[]): { ok: true; input: CreateOwnerArgs } | { ok: false; error: string } {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' }, name: { type: 'string' } }, strict: true }));
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  const missing = (['email', 'name'] as const).filter((key) => !values[key]?.trim());
  if (missing.length > 0) return { ok: false, error: `Missing ${missing.map((m) => `--${m}`).join(', ')}` };
  const email = values.email!.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) return { ok: false, error: `--email: ${accessMessages.emailInvalid}` };
  return { ok: true, input: { email, name: values.name!.trim() } };
}

/** 16 characters from an unambiguous alphabet, always with letters and digits. */
export function generatePassword(): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  for (;;) {
    const candidate = Array.from({ length: 16 }, () => all[randomInt(all.length)]).join('');
    if (operatorPassword.safeParse(candidate).success) return candidate;
  }
}

export type CreateOwnerOutcome = { ok: true; id: number; password: string; generated: boolean } | { ok: false; error: string };

/**
 * Creates an owner (every company; TOTP set up at the first login). Refuses an e-mail that already
 * belongs to an operator, so running it twice changes nothing. Audited as the system's act.
 */
export async function createOwner(db: Db, input: CreateOwnerArgs, passwordFromEnv: string | undefined): Promise<CreateOwnerOutcome> {
  const generated = !passwordFromEnv;
  const password = passwordFromEnv ?? generatePassword();
  if (!operatorPassword.safeParse(password).success) return { ok: false, error: `OPERATOR_PASSWORD: ${accessMessages.passwordWeak}` };
  const [existing] = await db.select({ id: operators.id }).from(operators).where(eq(operators.email, input.email)).limit(1);
  if (existing) return { ok: false, error: `${accessMessages.emailTaken} (${input.email}) Nothing was changed.` };
  const passwordHash = await hashPassword(password);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ email: input.email, name: input.name, passwordHash, role: 'owner', companyId: null })
      .onConflictDoNothing({ target: operators.email })
      .returning({ id: operators.id });
    if (!created) return null;
    await recordAudit(tx, {
      actor: null,
      companyId: null,
      action: 'operator.create',
      targetType: 'operator',
      targetId: created.id,
      after: { email: input.email, name: input.name, role: 'owner', companyId: null, disabled: false, by: 'operator:create-owner' },
    });
    return created.id;
  });
  if (id === null) return { ok: false, error: `${accessMessages.emailTaken} (${input.email}) Nothing was changed.` };
  return { ok: true, id, password, generated };
}
