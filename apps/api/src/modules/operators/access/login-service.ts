import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import {
  accessMessages,
  type ChangePasswordRequest,
  type ConsoleOperator,
  type LoginReply,
  type VerifyReply,
} from '@mawingu/contracts/admin/access';
import type { Db } from '../../../db/client.ts';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../identity/index.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import type { OperatorRole, OperatorTokens } from '../../../console/operator-tokens.ts';
import { consoleLimits, consoleLoginGuard, type ConsoleCounters } from './attempts.ts';
import type { SecondFactor } from './second-factor.ts';
import { companyNameOf, companyNamesOf } from '../../tenant/index.ts';

/** The issuer of the platform owner's authenticator entry (an owner belongs to no brand). */
const PLATFORM_NAME = 'Mawingu';

type Deps = {
  db: Db;
  counters: ConsoleCounters;
  secondFactor: SecondFactor;
  secretBox: SecretBox;
  tokens: OperatorTokens;
  sessionTtlSeconds: number;
};

const invalidCredentials = () => new AppError('invalid_credentials', 401, accessMessages.invalidCredentials);
const tooManyLogins = () => new AppError('too_many_attempts', 429, accessMessages.tooManyLogins);
const tooManyCodes = () => new AppError('too_many_attempts', 429, accessMessages.tooManyCodes);
const challengeExpired = () => new AppError('challenge_expired', 401, accessMessages.challengeExpired);

/**
 * The console's login: password (step 1), then a TOTP code or a recovery code (step 2). An operator
 * without an authenticator app yet (first login, or after a reset) sets it up in step 2 and gets
 * ten recovery codes once. Replies never tell an unknown e-mail from a wrong password or a
 * disabled operator.
 */
export function createConsoleLogin({ db, counters, secondFactor, secretBox, tokens, sessionTtlSeconds }: Deps) {
  decoyHash().catch(() => undefined);
  const guard = consoleLoginGuard(counters);

  /**
   * Step 1 from the client `address`. An address that keeps failing is locked out (429); the
   * operator never is: the right password (and then the right code) gets in from anywhere else.
   */
  async function login(emailInput: string, password: string, address: string): Promise<LoginReply> {
    const email = emailInput.trim().toLowerCase();
    const attempt = await guard.admit(email, address);
    if (!attempt) throw tooManyLogins();
    const [operator] = await db.select().from(operators).where(eq(operators.email, email)).limit(1);
    // An unknown e-mail costs one argon2 verification too: same reply, similar time.
    const matches = await verifyPassword(operator?.passwordHash ?? (await decoyHash()), password);
    if (!operator || !matches || operator.disabledAt) {
      await attempt.failed();
      throw invalidCredentials();
    }
    await attempt.succeeded();

    if (operator.totpEnabledAt && operator.totpSecretSealed) {
      return { challenge: await secondFactor.signChallenge({ operatorId: operator.id, step: 'totp' }), step: 'totp' };
    }
    // Not enrolled: a new secret each time (an unfinished set-up is replaced), sealed, not yet enabled.
    const brand = operator.companyId === null ? undefined : await companyNameOf(db, operator.companyId);
    const enrolment = await secondFactor.newEnrolment(operator.email, `${brand ?? PLATFORM_NAME} console`);
    await db
      .update(operators)
      .set({ totpSecretSealed: secretBox.seal(enrolment.secret), totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(and(eq(operators.id, operator.id), isNull(operators.totpEnabledAt)));
    return { challenge: await secondFactor.signChallenge({ operatorId: operator.id, step: 'enrol' }), step: 'enrol', enrolment };
  }

  async function verify(input: { challenge: string; code?: string; recoveryCode?: string }): Promise<VerifyReply> {
    const claims = await secondFactor.readChallenge(input.challenge);
    if (!claims) throw challengeExpired();
    const verifyKey = { scope: 'verify', subject: String(claims.operatorId) } as const;
    if (await counters.exhausted(verifyKey, consoleLimits.verify)) throw tooManyCodes();

    const [operator] = await db.select().from(operators).where(eq(operators.id, claims.operatorId)).limit(1);
    if (!operator || operator.disabledAt) throw invalidCredentials();
    const enrolled = Boolean(operator.totpEnabledAt);
    // The challenge's step must still hold (enrolled meanwhile in another tab, or reset by an owner).
    if ((claims.step === 'enrol') === enrolled || !operator.totpSecretSealed) throw challengeExpired();

    const wrong = async (message: string, counted: boolean) => {
      const within = counted ? await counters.hit(verifyKey, consoleLimits.verify) : true;
      return within ? new AppError('wrong_code', 401, message) : tooManyCodes();
    };

    let recoveryCodes: string[] | undefined;
    const result = await db.transaction(async (tx) => {
      let method: 'totp' | 'recovery' | 'enrol';
      if (input.code === undefined) {
        if (claims.step === 'enrol')
          throw AppError.badRequest(accessMessages.recoveryNotDuringEnrolment, { recoveryCode: accessMessages.recoveryNotDuringEnrolment });
        const [used] = await tx
          .update(operatorRecoveryCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(operatorRecoveryCodes.operatorId, operator.id),
              eq(operatorRecoveryCodes.codeHash, secondFactor.hashRecoveryCode(input.recoveryCode ?? '')),
              isNull(operatorRecoveryCodes.usedAt),
            ),
          )
          .returning({ id: operatorRecoveryCodes.id });
        if (!used) return { ok: false as const, message: accessMessages.recoveryWrong };
        method = 'recovery';
      } else {
        const step = secondFactor.totpStep(secretBox.open(operator.totpSecretSealed!), input.code);
        if (step === null) return { ok: false as const, message: accessMessages.codeWrong };
        // Each step once: the update only matches while the stored step is older (replay refused).
        const [accepted] = await tx
          .update(operators)
          .set({ totpLastStep: step, ...(claims.step === 'enrol' ? { totpEnabledAt: new Date() } : {}), updatedAt: new Date() })
          .where(and(eq(operators.id, operator.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
          .returning({ id: operators.id });
        // A replayed code is refused but not counted: it is a real code (no guessing), and counting
        // it would let two logins in the same 30 s lock the operator out.
        if (!accepted) return { ok: false as const, message: accessMessages.codeWrong, counted: false };
        method = claims.step === 'enrol' ? 'enrol' : 'totp';
        if (claims.step === 'enrol') {
          recoveryCodes = secondFactor.newRecoveryCodes();
          await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operator.id));
          await tx
            .insert(operatorRecoveryCodes)
            .values(recoveryCodes.map((code) => ({ operatorId: operator.id, codeHash: secondFactor.hashRecoveryCode(code) })));
        }
      }

      const now = new Date();
      const [session] = await tx
        .insert(operatorSessions)
        .values({ operatorId: operator.id, expiresAt: new Date(now.getTime() + sessionTtlSeconds * 1000) })
        .returning({ id: operatorSessions.id });
      await tx.update(operators).set({ lastLoginAt: now }).where(eq(operators.id, operator.id));
      await recordAudit(tx, {
        actor: { operatorId: operator.id, email: operator.email },
        companyId: operator.companyId,
        action: 'operator.login',
        targetType: 'operator',
        targetId: operator.id,
        after: { method, ...(method === 'enrol' ? { totpEnrolled: true } : {}) },
      });
      return { ok: true as const, sessionId: session!.id };
    });
    if (!result.ok) throw await wrong(result.message, result.counted ?? true);
    await counters.clear(verifyKey);

    const role = operator.role as OperatorRole;
    const token = await tokens.sign({ operatorId: operator.id, role, companyId: operator.companyId, sessionId: result.sessionId });
    const summary: ConsoleOperator = { id: operator.id, email: operator.email, name: operator.name, role, companyId: operator.companyId };
    return { token, operator: summary, ...(recoveryCodes ? { recoveryCodes } : {}) };
  }

  async function logout(operatorId: number, sessionId: string): Promise<void> {
    await db
      .update(operatorSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(operatorSessions.id, sessionId), eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
  }

  async function me(operatorId: number, sessionId: string) {
    const [row] = await db
      .select({
        id: operators.id,
        email: operators.email,
        name: operators.name,
        role: operators.role,
        companyId: operators.companyId,
        sessionExpiresAt: operatorSessions.expiresAt,
      })
      .from(operators)
      .innerJoin(operatorSessions, eq(operatorSessions.operatorId, operators.id))
      .where(and(eq(operators.id, operatorId), eq(operatorSessions.id, sessionId)))
      .limit(1);
    if (!row) throw new AppError('unauthorized', 401, accessMessages.challengeExpired);
    return {
      ...row,
      role: row.role as OperatorRole,
      companyName: row.companyId === null ? null : ((await companyNamesOf(db, [row.companyId])).get(row.companyId) ?? null),
      sessionExpiresAt: row.sessionExpiresAt.toISOString(),
    };
  }

  /**
   * The signed-in operator changes their own password. A wrong current password counts as a
   * wrong login for their e-mail from this address (the same rule: a stolen session cannot guess
   * it either) and is named on its field; the right one starts the count afresh, as a login does.
   * Every other session of the operator ends; this one stays.
   */
  async function changePassword(actor: Operator, input: ChangePasswordRequest, address: string): Promise<void> {
    const [operator] = await db.select().from(operators).where(eq(operators.id, actor.operatorId)).limit(1);
    if (!operator || operator.disabledAt) throw new AppError('unauthorized', 401, accessMessages.challengeExpired);
    const attempt = await guard.admit(operator.email, address);
    if (!attempt) throw tooManyLogins();
    if (!(await verifyPassword(operator.passwordHash, input.currentPassword))) {
      await attempt.failed();
      throw AppError.badRequest(accessMessages.currentPasswordWrong, { currentPassword: accessMessages.currentPasswordWrong });
    }
    await attempt.succeeded();
    if (input.newPassword === input.currentPassword) {
      throw AppError.badRequest(accessMessages.passwordUnchanged, { newPassword: accessMessages.passwordUnchanged });
    }
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx.update(operators).set({ passwordHash, updatedAt: new Date() }).where(eq(operators.id, operator.id));
      const ended = await tx
        .update(operatorSessions)
        .set({ revokedAt: new Date() })
        .where(
          and(eq(operatorSessions.operatorId, operator.id), ne(operatorSessions.id, actor.sessionId), isNull(operatorSessions.revokedAt)),
        )
        .returning({ id: operatorSessions.id });
      await recordAudit(tx, {
        actor,
        companyId: operator.companyId,
        action: 'operator.password.change',
        targetType: 'operator',
        targetId: operator.id,
        after: { email: operator.email, otherSessionsEnded: ended.length },
      });
    });
  }

  return { login, verify, logout, me, changePassword };
}

export type ConsoleLogin = ReturnType<typeof createConsoleLogin>;
