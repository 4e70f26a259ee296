import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_VALID_MINUTES } from '@mawingu/contracts/auth';
import type { Db } from '../../../db/client.ts';
import { customers, otpChallenges } from '../../../db/schema.ts';
import { newOtpCode, type OtpHasher } from './otp-codes.ts';

/** 'signup' is the OTP page's flag 1, 'login' its flag 2. */
export type OtpPurpose = 'signup' | 'login';

/** Who a code is for: the challenge id of the OTP page, the e-mail it names and the site's company. */
export type ChallengeRef = { companyId: number; email: string; publicId: string };

export type VerifyOutcome =
  | { kind: 'verified'; customerId: number; purpose: OtpPurpose }
  /**
   * A wrong code, or a challenge that is not this e-mail's in this company (the same reply).
   * `counted`: a try of a real challenge was used up (made-up ids count against nobody).
   */
  | { kind: 'wrong'; counted: boolean }
  /** The right challenge, but expired, tried 5 times or already used: a new code is needed. */
  | { kind: 'spent' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const validFor = sql`now() + (${OTP_VALID_MINUTES}::int * interval '1 minute')`;

/**
 * One-time code challenges. Every check is one conditional UPDATE: counting the try, comparing the
 * code and consuming it happen atomically, so parallel guesses cannot exceed 5 tries and a code
 * cannot be used twice.
 */
export function createOtpChallenges(db: Db, hashCode: OtpHasher) {
  const c = otpChallenges;

  /** The challenge only when it belongs to this e-mail's customer of this company. */
  const belongsTo = (ref: ChallengeRef) =>
    and(
      eq(c.publicId, ref.publicId),
      eq(c.companyId, ref.companyId),
      inArray(
        c.customerId,
        db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.companyId, ref.companyId), eq(customers.email, ref.email))),
      ),
    );

  /** Creates a challenge with a fresh code; `tx` lets signup create it with the customer. */
  async function create(tx: Db, input: { companyId: number; customerId: number; purpose: OtpPurpose }) {
    const publicId = randomUUID();
    const code = newOtpCode();
    await tx.insert(c).values({ ...input, publicId, codeHash: hashCode(publicId, code), expiresAt: validFor });
    return { publicId, code };
  }

  async function verify(ref: ChallengeRef, code: string): Promise<VerifyOutcome> {
    if (!UUID.test(ref.publicId)) return { kind: 'wrong', counted: false };
    const [row] = await db
      .update(c)
      .set({
        attempts: sql`${c.attempts} + 1`,
        consumedAt: sql`case when ${c.codeHash} = ${hashCode(ref.publicId, code)} then now() end`,
      })
      .where(and(belongsTo(ref), isNull(c.consumedAt), gt(c.expiresAt, sql`now()`), lt(c.attempts, OTP_MAX_ATTEMPTS)))
      .returning({ customerId: c.customerId, purpose: c.purpose, consumedAt: c.consumedAt });
    if (row)
      return row.consumedAt
        ? { kind: 'verified', customerId: row.customerId, purpose: row.purpose as OtpPurpose }
        : { kind: 'wrong', counted: true };
    return (await exists(ref, false)) ? { kind: 'spent' } : { kind: 'wrong', counted: false };
  }

  /** Whether the challenge is this e-mail's (and, with `open`, not yet used). */
  async function exists(ref: ChallengeRef, open: boolean): Promise<boolean> {
    if (!UUID.test(ref.publicId)) return false;
    const [row] = await db
      .select({ id: c.id })
      .from(c)
      .where(open ? and(belongsTo(ref), isNull(c.consumedAt)) : belongsTo(ref))
      .limit(1);
    return Boolean(row);
  }

  /** A new code on an unused challenge: tries start again, valid 10 minutes from now. Null when used or not this e-mail's. */
  async function renew(ref: ChallengeRef): Promise<{ code: string; customerId: number; purpose: OtpPurpose } | null> {
    if (!UUID.test(ref.publicId)) return null;
    const code = newOtpCode();
    const [row] = await db
      .update(c)
      .set({ codeHash: hashCode(ref.publicId, code), attempts: 0, expiresAt: validFor })
      .where(and(belongsTo(ref), isNull(c.consumedAt)))
      .returning({ customerId: c.customerId, purpose: c.purpose });
    return row ? { code, customerId: row.customerId, purpose: row.purpose as OtpPurpose } : null;
  }

  /** Removes a challenge whose code could not be mailed (nobody could ever enter it). */
  async function discard(publicId: string): Promise<void> {
    await db.delete(c).where(eq(c.publicId, publicId));
  }

  return { create, verify, isOpen: (ref: ChallengeRef) => exists(ref, true), renew, discard };
}

export type OtpChallenges = ReturnType<typeof createOtpChallenges>;
