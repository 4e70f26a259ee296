import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@mawingu/contracts/languages';
import { POWERED_VM_STATES } from '@mawingu/contracts/vm-state';
import type { Db } from '../../../db/client.ts';
import { vms } from '../../../db/schema.ts';
import { customerContactsOf } from '../../identity/index.ts';
import { expiryGraceDaysOf } from '../../tenant/index.ts';
import { transitionVms } from '../vms/vm-state.ts';
import type { ExpiryOutbox } from './outbox.ts';
import { archivedText, expiredText, expiryReminderMail, reminderText, renewByOf, vmExpiredMail } from './expiry-mails.ts';

/** Reminders go out this many days before the end date, once each. */
export const REMINDER_DAYS = [7, 3, 1] as const;

export type SweepDeps = {
  db: Db;
  /** Writes a batch's notices, mails and machine jobs in the batch's transaction. */
  outbox: ExpiryOutbox;
  /** VMs per transaction: bounds a transaction's length and the locks it holds. */
  batchSize?: number;
};

export type SweepResult = { reminded: number; expired: number; archived: number };

type ReminderRow = {
  id: number;
  company_id: number;
  customer_id: number;
  name: string;
  end_at: Date;
  sent: boolean;
};
type ChangedRow = {
  id: number;
  company_id: number;
  customer_id: number;
  name: string;
  external_id: string | null;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));

type Recipient = { email: string | null; firstName: string; language: Language; graceDays: number };

/**
 * What a batch's notices and mails need of other domains, two queries for the whole batch: each
 * company's grace days (tenant's) and each VM's customer — in the VM's company — to write to
 * (identity's); a VM whose customer is gone gets its notice but no mail.
 */
async function recipientsOf(
  tx: Db,
  rows: { company_id: number; customer_id: number }[],
): Promise<(row: ReminderRow | ChangedRow) => Recipient> {
  const [graceDays, contacts] = await Promise.all([
    expiryGraceDaysOf(
      tx,
      rows.map((row) => row.company_id),
    ),
    customerContactsOf(
      tx,
      rows.map((row) => row.customer_id),
    ),
  ]);
  return (row) => {
    const found = contacts.get(row.customer_id);
    const contact = found?.companyId === row.company_id ? found : undefined;
    return {
      email: contact?.email ?? null,
      firstName: contact?.firstName ?? '',
      language: isLanguage(contact?.language) ? contact.language : 'en',
      graceDays: graceDays.get(row.company_id)!,
    };
  };
}

/** The VMs a batch moved, with what their notices and mails need (one query for the batch). */
async function changedRows(tx: Db, vmIds: number[]): Promise<ChangedRow[]> {
  if (vmIds.length === 0) return [];
  return rowsOf<ChangedRow>(
    await tx.execute(sql`
      SELECT v.id, v.company_id, v.customer_id, v.name, v.external_id
      FROM vms v
      WHERE v.id IN (${sql.join(
        vmIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY v.id`),
  );
}

/**
 * The daily pass over every VM, in set-based SQL, batch by batch: reminders before the end date,
 * expiry at it, archiving after the company's grace period. Each batch's state change is one
 * UPDATE (transitionVms, the VM state's one writer) of the rows it locked, whose moved VMs get
 * their notices, mails and machine jobs (a few multi-row INSERTs per batch, never a query per VM)
 * in the same transaction, so any number of passes at once (two API instances, a run by hand)
 * change each VM and write each reminder once: the move re-checks the state under the row lock
 * and the reminders' primary key (VM, end date, threshold) refuses a second copy.
 */
export function createExpirySweep({ db, outbox, batchSize = 500 }: SweepDeps) {
  /** Writes one batch of reminders; returns the last VM id looked at (null when none were due) and how many were sent. */
  async function remindBatch(at: Date, afterId: number): Promise<{ lastId: number | null; sent: number; seen: number }> {
    const when = at.toISOString();
    return db.transaction(async (tx) => {
      // The threshold is the smallest one already reached: a VM found 2 days before its end (the
      // job missed days) gets the 3-day reminder only. A smaller one already sent stops a larger.
      const rows = rowsOf<ReminderRow>(
        await tx.execute(sql`
          WITH due AS (
            SELECT v.id, v.company_id, v.customer_id, v.name, v.end_at,
              CASE WHEN v.end_at <= ${when}::timestamptz + interval '1 day' THEN 1
                   WHEN v.end_at <= ${when}::timestamptz + interval '3 days' THEN 3
                   ELSE 7 END AS days_before
            FROM vms v
            WHERE v.state IN ('running', 'stopped') AND NOT v.blocked
              AND v.end_at > ${when}::timestamptz AND v.end_at <= ${when}::timestamptz + interval '7 days'
              AND v.id > ${afterId}
            ORDER BY v.id
            LIMIT ${batchSize}
          ), sent AS (
            INSERT INTO vm_expiry_reminders (vm_id, end_at, days_before)
            SELECT d.id, d.end_at, d.days_before FROM due d
            WHERE NOT EXISTS (
              SELECT 1 FROM vm_expiry_reminders r WHERE r.vm_id = d.id AND r.end_at = d.end_at AND r.days_before <= d.days_before
            )
            ON CONFLICT DO NOTHING
            RETURNING vm_id
          )
          SELECT d.id, d.company_id, d.customer_id, d.name, d.end_at, (s.vm_id IS NOT NULL) AS sent
          FROM due d
          LEFT JOIN sent s ON s.vm_id = d.id
          ORDER BY d.id`),
      );
      const sent = rows.filter((row) => row.sent);
      const recipientOf = await recipientsOf(tx, sent);
      await outbox.notices(
        tx,
        sent.map((row) => ({ companyId: row.company_id, customerId: row.customer_id, text: reminderText(row.name, dateOf(row.end_at)) })),
      );
      await outbox.mails(
        tx,
        sent.flatMap((row) => {
          const { email, firstName, language, graceDays } = recipientOf(row);
          return email
            ? [
                {
                  companyId: row.company_id,
                  to: email,
                  ...expiryReminderMail(firstName, { name: row.name, endAt: dateOf(row.end_at), graceDays }, language),
                },
              ]
            : [];
        }),
      );
      return { lastId: rows.at(-1)?.id ?? null, sent: sent.length, seen: rows.length };
    });
  }

  /** running/stopped past the end date → expired, with the notice, the mail and the stop job. */
  async function expireBatch(at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      // SKIP LOCKED: a VM locked by a renewal (or by another pass) is left to it; the move re-checks
      // state and end date on the row as it is once locked.
      const due = await tx
        .select({ id: vms.id })
        .from(vms)
        .where(and(inArray(vms.state, POWERED_VM_STATES), lte(vms.endAt, at)))
        .orderBy(vms.id)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const moved = await transitionVms(
        tx,
        due.map((row) => row.id),
        POWERED_VM_STATES,
        'expired',
        { expiredAt: at },
        lte(vms.endAt, at),
      );
      const rows = await changedRows(tx, moved);
      const recipientOf = await recipientsOf(tx, rows);
      const renewByOfRow = (row: ChangedRow) => renewByOf(at, recipientOf(row).graceDays);
      await outbox.notices(
        tx,
        rows.map((row) => ({ companyId: row.company_id, customerId: row.customer_id, text: expiredText(row.name, renewByOfRow(row)) })),
      );
      await outbox.mails(
        tx,
        rows.flatMap((row) => {
          const { email, firstName, language } = recipientOf(row);
          return email
            ? [
                {
                  companyId: row.company_id,
                  to: email,
                  ...vmExpiredMail(firstName, { name: row.name, renewBy: renewByOfRow(row) }, language),
                },
              ]
            : [];
        }),
      );
      await outbox.machines(
        tx,
        'stop',
        rows.filter((row) => row.external_id !== null).map((row) => row.id),
      );
      return rows.length;
    });
  }

  /**
   * expired for longer than the company's grace period → archived. The end date must still be
   * past: a renewal moves it (and makes the VM running again), so a renewed VM is never archived.
   */
  async function archiveBatch(at: Date): Promise<number> {
    const when = at.toISOString();
    return db.transaction(async (tx) => {
      // The companies' grace days (tenant's, one query): the VMs of the companies with the same
      // grace period share one cut-off, so the batch stays one statement.
      const companiesByDays = new Map<number, number[]>();
      for (const [companyId, days] of await expiryGraceDaysOf(tx))
        companiesByDays.set(days, [...(companiesByDays.get(days) ?? []), companyId]);
      if (companiesByDays.size === 0) return 0;
      const pastGrace = [...companiesByDays].map(([days, companyIds]) =>
        and(
          inArray(vms.companyId, companyIds),
          sql`coalesce(${vms.expiredAt}, ${vms.endAt}) <= ${when}::timestamptz - ${days} * interval '1 day'`,
        ),
      );
      const due = await tx
        .select({ id: vms.id })
        .from(vms)
        .where(and(eq(vms.state, 'expired'), lte(vms.endAt, at), or(...pastGrace)))
        .orderBy(vms.id)
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const moved = await transitionVms(
        tx,
        due.map((row) => row.id),
        ['expired'],
        'archived',
        { archivedAt: at },
        lte(vms.endAt, at),
      );
      const rows = await changedRows(tx, moved);
      await outbox.notices(
        tx,
        rows.map((row) => ({ companyId: row.company_id, customerId: row.customer_id, text: archivedText(row.name) })),
      );
      await outbox.machines(
        tx,
        'archive',
        rows.filter((row) => row.external_id !== null).map((row) => row.id),
      );
      return rows.length;
    });
  }

  /** One pass at `at` (now by default; tests move it). Safe to repeat and to run concurrently. */
  async function sweep(at: Date = new Date()): Promise<SweepResult> {
    const result: SweepResult = { reminded: 0, expired: 0, archived: 0 };
    for (let afterId = 0; ;) {
      const batch = await remindBatch(at, afterId);
      result.reminded += batch.sent;
      if (batch.lastId === null || batch.seen < batchSize) break;
      afterId = batch.lastId;
    }
    // A batch that changed fewer rows than it may is the last: the rest was locked by another pass.
    for (;;) {
      const n = await expireBatch(at);
      result.expired += n;
      if (n < batchSize) break;
    }
    for (;;) {
      const n = await archiveBatch(at);
      result.archived += n;
      if (n < batchSize) break;
    }
    return result;
  }

  return { sweep };
}

export type ExpirySweep = ReturnType<typeof createExpirySweep>;
