import { eq } from 'drizzle-orm';
import type { Config } from '../apps/api/src/config.ts';
import type { Db } from '../apps/api/src/db/client.ts';
import { companies, operators } from '../apps/api/src/db/schema.ts';
import { createSecretBox } from '../apps/api/src/integrations/secrets/secret-box.ts';
import { resolveAuthSecret } from '../apps/api/src/modules/identity/auth/auth-secret.ts';
import { hashPassword } from '../apps/api/src/modules/identity/auth/passwords.ts';

export type ConsoleOperator = {
  email: string;
  password: string;
  totpSecret: string;
  role: 'owner' | 'admin' | 'support';
  companySlug: string | null;
};

/**
 * The journeys' operators, enrolled with known TOTP secrets (base32) so a journey can compute the
 * code an authenticator app would show. The lifecycle company (bypass payments, VMs in every state)
 * is the one the admin journeys run the shop of.
 */
export const CONSOLE = {
  owner: {
    email: 'owner@console.mawingu.test',
    password: 'Owner@Console2026',
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    role: 'owner',
    companySlug: null,
  },
  lifecycleAdmin: {
    email: 'admin@lifecycle.example',
    password: 'Admin@Console2026',
    totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU',
    role: 'admin',
    companySlug: 'lifecycle-hosting',
  },
  lifecycleSupport: {
    email: 'support@lifecycle.example',
    password: 'Support@Console2026',
    totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
    role: 'support',
    companySlug: 'lifecycle-hosting',
  },
  demoAdmin: {
    email: 'admin@demo.mawingu.test',
    password: 'Admin@Console2026',
    totpSecret: 'MFRGGZDFMZTWQ2LKMFRGGZDFMZTWQ2LK',
    role: 'admin',
    companySlug: 'mawingu-demo',
  },
} as const satisfies Record<string, ConsoleOperator>;

/** Writes the operators (after the companies they belong to exist). */
export async function loadConsoleFixtures(db: Db, config: Config) {
  const box = createSecretBox(resolveAuthSecret(config));
  for (const op of Object.values(CONSOLE) as ConsoleOperator[]) {
    let companyId: number | null = null;
    if (op.companySlug) {
      const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, op.companySlug)).limit(1);
      if (!company) throw new Error(`console fixtures: no company ${op.companySlug}`);
      companyId = company.id;
    }
    await db
      .insert(operators)
      .values({
        email: op.email,
        name: op.email.split('@')[0]!,
        passwordHash: await hashPassword(op.password),
        role: op.role,
        companyId,
        totpSecretSealed: box.seal(op.totpSecret),
        totpEnabledAt: new Date(),
      })
      .onConflictDoNothing();
  }
}
