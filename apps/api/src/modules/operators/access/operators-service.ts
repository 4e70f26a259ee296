import { and, asc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import {
  accessMessages,
  type CreateOperatorRequest,
  type OperatorRow,
  type SetOperatorPasswordRequest,
  type UpdateOperatorRequest,
} from '@mawingu/contracts/admin/access';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import type { Db } from '../../../db/client.ts';
import { operatorRecoveryCodes, operators, operatorSessions } from '../../../db/schema.ts';
import { companyNamesOf } from '../../tenant/index.ts';
import { AppError } from '../../../http/app-error.ts';
import { hashPassword } from '../../identity/index.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import type { OperatorRole } from '../../../console/operator-tokens.ts';
import { consoleLoginGuard, type ConsoleCounters } from './attempts.ts';
import { unusablePassword, type Invitations } from './invitations.ts';
import { escapeLike } from '../../../db/like-pattern.ts';

type OperatorRecord = typeof operators.$inferSelect;

/** What the audit log keeps of an operator: never the password hash or the TOTP secret. */
function auditView(op: Pick<OperatorRecord, 'email' | 'name' | 'role' | 'companyId' | 'disabledAt'>) {
  return { email: op.email, name: op.name, role: op.role, companyId: op.companyId, disabled: op.disabledAt !== null };
}

const notFound = () => AppError.notFound(accessMessages.operatorNotFound);

/**
 * The console's operators. Owner: every operator of every company, owners included. Admin: the
 * operators of their own company, giving only the roles admin and support; owners and other
 * companies' operators do not exist for them (404). Support: nothing (the routes' guard).
 */
export function createOperatorsService(db: Db, counters: ConsoleCounters, invitations: Invitations) {
  async function companyExists(companyId: number) {
    return (await companyNamesOf(db, [companyId])).has(companyId);
  }

  /** The operator an actor may manage, or 404. */
  async function managed(actor: Operator, id: number): Promise<OperatorRecord> {
    const [target] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
    if (!target) throw notFound();
    if (actor.role !== 'owner' && (target.role === 'owner' || target.companyId !== actor.companyId)) throw notFound();
    return target;
  }

  async function list(actor: Operator, query: { companyId?: number; q?: string }): Promise<OperatorRow[]> {
    const conditions: SQL[] = [];
    if (actor.role === 'owner') {
      if (query.companyId !== undefined) conditions.push(eq(operators.companyId, query.companyId));
    } else {
      if (query.companyId !== undefined && query.companyId !== actor.companyId) throw AppError.notFound(adminMessages.companyNotFound);
      conditions.push(eq(operators.companyId, actor.companyId ?? -1));
    }
    if (query.q) {
      const like = `%${escapeLike(query.q)}%`;
      conditions.push(or(ilike(operators.email, like), ilike(operators.name, like))!);
    }
    const rows = await db
      .select()
      .from(operators)
      .where(and(...conditions))
      .orderBy(asc(operators.companyId), asc(operators.email))
      .limit(1000);
    const names = await companyNamesOf(
      db,
      rows.flatMap((op) => (op.companyId === null ? [] : [op.companyId])),
    );
    return rows.map((op) => rowOf(op, names.get(op.companyId ?? -1) ?? null));
  }

  function rowOf(op: OperatorRecord, companyName: string | null): OperatorRow {
    return {
      id: op.id,
      email: op.email,
      name: op.name,
      role: op.role as OperatorRole,
      companyId: op.companyId,
      companyName,
      totpEnrolled: op.totpEnabledAt !== null,
      invitationPending: op.invitationTokenHash !== null,
      disabled: op.disabledAt !== null,
      lastLoginAt: op.lastLoginAt?.toISOString() ?? null,
      createdAt: op.createdAt.toISOString(),
    };
  }

  async function rowById(id: number): Promise<OperatorRow> {
    const [op] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
    if (!op) throw notFound();
    const names = await companyNamesOf(db, op.companyId === null ? [] : [op.companyId]);
    return rowOf(op, names.get(op.companyId ?? -1) ?? null);
  }

  /** Checks the role and company an actor gives an operator; returns the company to store. */
  async function placement(actor: Operator, role: OperatorRole, companyId: number | null | undefined): Promise<number | null> {
    if (actor.role !== 'owner') {
      if (role === 'owner') throw new AppError('forbidden', 403, accessMessages.ownerOnlyRole);
      if (companyId != null && companyId !== actor.companyId) throw AppError.notFound(adminMessages.companyNotFound);
      return actor.companyId;
    }
    if (role === 'owner') {
      if (companyId != null) throw AppError.badRequest(accessMessages.companyNotAllowed, { companyId: accessMessages.companyNotAllowed });
      return null;
    }
    if (companyId == null) throw AppError.badRequest(accessMessages.companyRequired, { companyId: accessMessages.companyRequired });
    if (!(await companyExists(companyId)))
      throw AppError.badRequest(accessMessages.companyRequired, { companyId: adminMessages.companyNotFound });
    return companyId;
  }

  /**
   * A new operator: with the password the creator gives, or (none given) invited by e-mail to
   * choose one at `consoleOrigin`; the mail leaves only if the operator is written.
   */
  async function create(actor: Operator, input: CreateOperatorRequest & { email: string }, consoleOrigin: string): Promise<OperatorRow> {
    const role = input.role as OperatorRole;
    const companyId = await placement(actor, role, input.companyId);
    const email = input.email.trim().toLowerCase();
    const passwordHash = input.password ? await hashPassword(input.password) : await unusablePassword();
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(operators)
        .values({ email, name: input.name.trim(), passwordHash, role, companyId })
        .onConflictDoNothing({ target: operators.email })
        .returning();
      if (!created) throw new AppError('conflict', 409, accessMessages.emailTaken, { email: accessMessages.emailTaken });
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'operator.create',
        targetType: 'operator',
        targetId: created.id,
        after: { ...auditView(created), invited: !input.password },
      });
      if (!input.password) await invitations.send(tx, created, consoleOrigin, actor.email);
      return created.id;
    });
    return rowById(id);
  }

  /** A new invitation link for an operator who has not chosen a password yet (the old link dies). */
  async function resendInvitation(actor: Operator, id: number, consoleOrigin: string): Promise<OperatorRow> {
    const target = await managed(actor, id);
    if (target.invitationTokenHash === null) throw AppError.badRequest(accessMessages.invitationNotPending);
    await db.transaction(async (tx) => {
      await invitations.send(tx, target, consoleOrigin, actor.email);
      await recordAudit(tx, {
        actor,
        companyId: target.companyId,
        action: 'operator.invitation.resend',
        targetType: 'operator',
        targetId: id,
      });
    });
    return rowById(id);
  }

  async function update(actor: Operator, id: number, input: UpdateOperatorRequest & { companyId?: number | null }): Promise<OperatorRow> {
    const target = await managed(actor, id);
    const self = target.id === actor.operatorId;
    if (self && ((input.role !== undefined && input.role !== target.role) || input.disabled === true)) {
      throw AppError.badRequest(accessMessages.notYourself);
    }
    const role = (input.role ?? target.role) as OperatorRole;
    let companyId = target.companyId;
    if (input.role !== undefined && input.role !== target.role) {
      // An owner spans companies; the others belong to one (an owner made admin names it).
      companyId = await placement(actor, role, role === 'owner' ? null : (input.companyId ?? target.companyId));
    }
    const disabledAt = input.disabled === undefined ? target.disabledAt : input.disabled ? (target.disabledAt ?? new Date()) : null;
    await db.transaction(async (tx) => {
      const [after] = await tx
        .update(operators)
        .set({ name: input.name?.trim() ?? target.name, role, companyId, disabledAt, updatedAt: new Date() })
        .where(eq(operators.id, id))
        .returning();
      // Disabling ends their console sessions at once (the guard checks too; this keeps the rows honest).
      if (disabledAt && !target.disabledAt) {
        await tx
          .update(operatorSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
      }
      await recordAudit(tx, {
        actor,
        companyId: after!.companyId ?? target.companyId,
        action: 'operator.update',
        targetType: 'operator',
        targetId: id,
        before: auditView(target),
        after: auditView(after!),
      });
    });
    return rowById(id);
  }

  /** The operator sets the authenticator app up again at the next login; their sessions end. */
  async function resetTotp(actor: Operator, id: number): Promise<OperatorRow> {
    const target = await managed(actor, id);
    await db.transaction(async (tx) => {
      await tx
        .update(operators)
        .set({ totpSecretSealed: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
        .where(eq(operators.id, id));
      await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, id));
      await tx
        .update(operatorSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
      await recordAudit(tx, {
        actor,
        companyId: target.companyId,
        action: 'operator.totp_reset',
        targetType: 'operator',
        targetId: id,
        before: { email: target.email, totpEnrolled: target.totpEnabledAt !== null },
        after: { email: target.email, totpEnrolled: false },
      });
    });
    return rowById(id);
  }

  /**
   * A manager gives another operator a new (temporary) password, e.g. one who forgot theirs: every
   * session of theirs ends, and their e-mail's count of wrong passwords starts afresh so they can
   * log in at once. Nobody sets their own here (the self-service call asks for the current one).
   */
  async function setPassword(actor: Operator, id: number, input: SetOperatorPasswordRequest): Promise<OperatorRow> {
    const target = await managed(actor, id);
    if (target.id === actor.operatorId) throw AppError.badRequest(accessMessages.ownPasswordHere);
    const passwordHash = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      // A password set by hand ends any open invitation.
      const [after] = await tx
        .update(operators)
        .set({ passwordHash, invitationTokenHash: null, invitationExpiresAt: null, updatedAt: new Date() })
        .where(eq(operators.id, id))
        .returning();
      const ended = await tx
        .update(operatorSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)))
        .returning({ id: operatorSessions.id });
      await recordAudit(tx, {
        actor,
        companyId: target.companyId,
        action: 'operator.password.reset',
        targetType: 'operator',
        targetId: id,
        after: { ...auditView(after!), passwordSet: true, sessionsEnded: ended.length },
      });
    });
    await consoleLoginGuard(counters).forget(target.email);
    return rowById(id);
  }

  return { list, create, resendInvitation, update, resetTotp, setPassword };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
