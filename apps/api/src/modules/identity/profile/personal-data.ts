import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { attemptCounters, customers, notifications, otpChallenges, passwordResets, sessions, supportSessions } from '../../../db/schema.ts';

/** Rows of one kind for a personal-data export: plain values only (the caller writes JSON and CSV). */
export type PersonalRows = Record<string, string | number | boolean | null>[];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * What identity holds about one customer (issue 17, point 2; ADR 0119): the profile (never the
 * password hash), the logins (sessions: when started, ended, whether an operator's support
 * session) and the notices under the bell.
 */
export async function identityPersonalData(db: Db, companyId: number, customerId: number): Promise<Record<string, PersonalRows>> {
  const [c] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  if (!c) return {};
  const logins = await db
    .select({
      familyId: sessions.familyId,
      startedAt: sql<Date>`min(${sessions.createdAt})`.mapWith(sessions.createdAt),
      lastUsedAt: sql<Date>`max(${sessions.createdAt})`.mapWith(sessions.createdAt),
      endedAt: sql<Date | null>`max(${sessions.revokedAt})`.mapWith(sessions.revokedAt),
    })
    .from(sessions)
    .where(and(eq(sessions.companyId, companyId), eq(sessions.customerId, customerId)))
    .groupBy(sessions.familyId)
    .orderBy(desc(sql`min(${sessions.createdAt})`));
  const support = await db
    .select({ familyId: supportSessions.familyId, operatorName: supportSessions.operatorName, reason: supportSessions.reason })
    .from(supportSessions)
    .where(and(eq(supportSessions.companyId, companyId), eq(supportSessions.customerId, customerId)));
  const bell = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.companyId, companyId), eq(notifications.customerId, customerId)))
    .orderBy(desc(notifications.createdAt));
  return {
    profile: [
      {
        id: c.id,
        email: c.email,
        firstName: c.firstName,
        lastName: c.lastName,
        countryCode: c.countryCode,
        contactNo: c.contactNo,
        companyName: c.companyName,
        vatNumber: c.vatNumber,
        address: c.address,
        city: c.city,
        state: c.state,
        postCode: c.postCode,
        region: c.region,
        language: c.language,
        hasProfileImage: c.imageFileId !== null,
        emailVerifiedAt: iso(c.emailVerifiedAt),
        suspendedAt: iso(c.suspendedAt),
        suspendedReason: c.suspendedReason,
        closedAt: iso(c.closedAt),
        closedReason: c.closedReason,
        createdAt: iso(c.createdAt),
        updatedAt: iso(c.updatedAt),
      },
    ],
    logins: logins.map((l) => {
      const bySupport = support.find((s) => s.familyId === l.familyId);
      return {
        startedAt: iso(l.startedAt),
        lastRenewedAt: iso(l.lastUsedAt),
        endedAt: iso(l.endedAt),
        supportSessionBy: bySupport?.operatorName ?? null,
        supportSessionReason: bySupport?.reason ?? null,
      };
    }),
    notifications: bell.map((n) => ({ text: n.text, createdAt: iso(n.createdAt), viewedAt: iso(n.viewedAt) })),
  };
}

/**
 * Erases the customer's personal data from identity's tables, inside the caller's transaction:
 * the profile anonymised (the e-mail becomes `erasedEmail`, the password unusable, the picture
 * unlinked), every session and support session ended, codes, reset links and notices deleted.
 * Gives the picture's file id (deleted by the caller after the commit) and the old e-mail.
 */
export async function erasePersonalIdentity(tx: Db, companyId: number, customerId: number, erasedEmail: string) {
  const [before] = await tx
    .select({ email: customers.email, imageFileId: customers.imageFileId, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)))
    .for('update');
  if (!before) return undefined;
  await tx
    .update(customers)
    .set({
      email: erasedEmail,
      // Not a PHC string: no password ever verifies against it.
      passwordHash: `erased:${randomBytes(16).toString('hex')}`,
      firstName: 'Erased',
      lastName: 'customer',
      countryCode: '',
      contactNo: '',
      companyName: '',
      vatNumber: '',
      address: '',
      city: '',
      state: '',
      postCode: '',
      imageFileId: null,
      suspendedReason: null,
      // The closure's date stays (the account is closed); the operator's words about it may name the person.
      closedReason: sql`case when ${customers.closedReason} is null then null else '[erased]' end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
  await tx
    .update(supportSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(supportSessions.customerId, customerId), isNull(supportSessions.endedAt)));
  await tx.delete(notifications).where(eq(notifications.customerId, customerId));
  await tx.delete(passwordResets).where(eq(passwordResets.customerId, customerId));
  await tx.delete(otpChallenges).where(eq(otpChallenges.customerId, customerId));
  // Login counters are keyed by the lower-cased e-mail (with the client's address).
  await tx
    .delete(attemptCounters)
    .where(and(eq(attemptCounters.companyId, companyId), sql`position(${before.email} in ${attemptCounters.subject}) > 0`));
  return before;
}
