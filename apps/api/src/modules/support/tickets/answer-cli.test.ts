import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-db.ts';
import { loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { openConfiguredDatabase } from '../../../db/open-configured.ts';
import { notifications, ticketResponses, tickets } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { parseAnswerArgs } from './answer-args.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');
const cli = path.join(import.meta.dirname, 'answer-cli.ts');

describe('ticket:answer arguments', () => {
  it('reads ticket, status (any case), message and who answers', () => {
    expect(parseAnswerArgs(['--ticket', '12', '--status', 'resolved', '--message', 'Refunded.', '--by', 'Naledi'])).toEqual({
      ok: true,
      input: { ticketID: 12, status: 'Resolved', response: 'Refunded.', answeredBy: 'Naledi' },
    });
    expect(parseAnswerArgs(['--ticket', '3', '--status', 'In Progress', '--message', 'On it'])).toMatchObject({
      ok: true,
      input: { status: 'In Progress', answeredBy: 'operator' },
    });
  });

  it('says what is wrong with a command it cannot run', () => {
    expect(parseAnswerArgs(['--ticket', '12'])).toEqual({ ok: false, error: 'Missing --status, --message' });
    expect(parseAnswerArgs(['--ticket', 'twelve', '--status', 'Resolved', '--message', 'x'])).toEqual({
      ok: false,
      error: '--ticket must be a ticket number',
    });
    expect(parseAnswerArgs(['--ticket', '1', '--status', 'Done', '--message', 'x'])).toEqual({
      ok: false,
      error: '--status must be one of: Open, In Progress, Resolved, Closed',
    });
    expect(parseAnswerArgs(['--ticket', '1', '--colour', 'red'])).toMatchObject({ ok: false });
  });
});

/**
 * The command as an operator runs it, in its own process, against a real database: PGlite in a
 * data directory (the server stopped), or the PostgreSQL server of the suite when DATABASE_URL is set.
 */
describe('npm run ticket:answer', () => {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  let dataDir: string;
  let database: Database | undefined;
  let env: Record<string, string>;
  let ticketId: number;
  let customerId: number;

  /** The database, open in this process only while the command is not running (PGlite has one owner). */
  const open = async () => database ?? openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const done = async (db: Database) => {
    if (!onPostgres) await db.close();
  };

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-cli-'));
    if (onPostgres) {
      database = await openTestDatabase();
      env = { DATABASE_URL: database.connectionString! };
    } else {
      env = { DATA_DIR: dataDir };
    }
    const db = await open();
    const company = await upsertCompany(db.db, completeCompany('acme-cli', 'Acme Cloud'), ['https://acme-cli.example']);
    customerId = (await createCustomer(db.db, company.id, { email: 'thandi@example.co.za' })).id;
    const [ticket] = await db.db
      .insert(tickets)
      .values({ companyId: company.id, customerId, issueType: 'Billing', description: 'Charged twice' })
      .returning();
    ticketId = ticket!.id;
    await done(db);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const answer = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], { cwd: repoRoot, env: { ...process.env, ...env, LOG_LEVEL: 'silent' } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );

  it('records the response, sets the status, notifies the customer and queues the mail to them', async () => {
    const result = await answer([
      '--ticket',
      String(ticketId),
      '--status',
      'Resolved',
      '--message',
      'Refunded on 3 March.',
      '--by',
      'Naledi',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Ticket #${ticketId} is now "Resolved"`);

    const db = await open();
    const [ticket] = await db.db.select().from(tickets).where(eq(tickets.id, ticketId));
    const responses = await db.db.select().from(ticketResponses).where(eq(ticketResponses.ticketId, ticketId));
    const notes = await db.db.select().from(notifications).where(eq(notifications.customerId, customerId));
    const queued = (await db.db.execute(sql`SELECT data FROM pgboss.job WHERE name = 'send-mail'`)) as unknown as { rows: { data: any }[] };
    await done(db);
    expect(ticket!.status).toBe('Resolved');
    expect(responses.map((r) => [r.status, r.response, r.answeredBy])).toEqual([['Resolved', 'Refunded on 3 March.', 'Naledi']]);
    expect(notes.map((n) => n.text)).toEqual([`Your ticket #${ticketId} (Billing) has a new response: Resolved`]);
    // The server's mail job delivers it; the command only queues it with the answer.
    const mails = queued.rows.map((r) => r.data).filter((m) => m.to === 'thandi@example.co.za');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Your ticket #${ticketId} (Billing) has a new response: Resolved`);
    expect(mails[0].text).toContain('Refunded on 3 March.');
    expect(mails[0].text).toContain(`https://acme-cli.example/TicketDetails/${ticketId}`);
  }, 60_000);

  it('fails with a readable message for an unknown ticket or a bad command', async () => {
    const unknown = await answer(['--ticket', '999999', '--status', 'Resolved', '--message', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('Ticket not found');

    const bad = await answer(['--ticket', String(ticketId), '--status', 'Done', '--message', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--status must be one of: Open, In Progress, Resolved, Closed');
    expect(bad.stderr).toContain('Usage: npm run ticket:answer');
  }, 60_000);

  it.skipIf(onPostgres)(
    'refuses to open the embedded database while the server holds it',
    async () => {
      // This test process stands in for a running server: the lock names a live process.
      await fs.writeFile(path.join(dataDir, 'pglite.lock'), String(process.pid));
      try {
        const result = await answer(['--ticket', String(ticketId), '--status', 'Closed', '--message', 'x']);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('is in use by process');
      } finally {
        await fs.rm(path.join(dataDir, 'pglite.lock'), { force: true });
      }
    },
    60_000,
  );
});
