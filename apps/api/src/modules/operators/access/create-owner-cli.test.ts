import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '@mawingu/contracts/admin/access';
import { openTestDatabase } from '../../../../test/test-db.ts';
import { loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { openConfiguredDatabase } from '../../../db/open-configured.ts';
import { auditLog, operators } from '../../../db/schema.ts';
import { verifyPassword } from '../../identity/auth/passwords.ts';
import { generatePassword, parseCreateOwnerArgs } from './create-owner.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');
const cli = path.join(import.meta.dirname, 'create-owner-cli.ts');

describe('operator:create-owner arguments', () => {
  it('reads e-mail (lower-cased) and name, and says what is missing or wrong', () => {
    expect(parseCreateOwnerArgs(['--email', 'Naledi@Mawingu.Example', '--name', 'Naledi Dube'])).toEqual({
      ok: true,
      input: { email: 'naledi@mawingu.example', name: 'Naledi Dube' },
    });
    expect(parseCreateOwnerArgs(['--email', 'x@y.example'])).toEqual({ ok: false, error: 'Missing --name' });
    expect(parseCreateOwnerArgs(['--email', 'nope', '--name', 'N'])).toEqual({
      ok: false,
      error: `--email: ${accessMessages.emailInvalid}`,
    });
    expect(parseCreateOwnerArgs(['--mail', 'x'])).toMatchObject({ ok: false });
  });

  it('generates passwords that pass the rule', () => {
    for (let i = 0; i < 20; i++) expect(generatePassword()).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{16}$/);
  });
});

/** The command as an operator runs it, in its own process, against PGlite (or DATABASE_URL's server). */
describe('npm run operator:create-owner', () => {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  let dataDir: string;
  let database: Database | undefined;
  let env: Record<string, string>;

  const open = async () => database ?? openConfiguredDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  const done = async (db: Database) => {
    if (!onPostgres) await db.close();
  };

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-owner-cli-'));
    if (onPostgres) {
      database = await openTestDatabase();
      env = { DATABASE_URL: database.connectionString! };
    } else {
      env = { DATA_DIR: dataDir };
    }
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const createOwner = (args: string[], extra: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], {
      cwd: repoRoot,
      env: { ...process.env, OPERATOR_PASSWORD: '', ...env, LOG_LEVEL: 'silent', ...extra },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );

  it('creates an owner with a generated password printed once, not enrolled yet; audited without the password', async () => {
    const result = await createOwner(['--email', 'Naledi@Mawingu.Example', '--name', 'Naledi Dube']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Owner naledi@mawingu.example created');
    const password = /Password \(shown once, keep it safe\): (\S+)/.exec(result.stdout)?.[1];
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{16}$/);

    const db = await open();
    const [owner] = await db.db.select().from(operators).where(eq(operators.email, 'naledi@mawingu.example'));
    const entries = await db.db.select().from(auditLog).where(eq(auditLog.action, 'operator.create'));
    await done(db);
    expect(owner).toMatchObject({ role: 'owner', companyId: null, name: 'Naledi Dube', totpEnabledAt: null, disabledAt: null });
    expect(await verifyPassword(owner!.passwordHash, password!)).toBe(true);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operatorId: null, actorEmail: 'system', targetId: String(owner!.id) });
    expect(JSON.stringify(entries)).not.toContain(password);
  }, 180_000);

  it('refuses an e-mail that exists (nothing changes), and takes the password from OPERATOR_PASSWORD', async () => {
    const again = await createOwner(['--email', 'naledi@mawingu.example', '--name', 'Someone Else']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(accessMessages.emailTaken);
    const weak = await createOwner(['--email', 'sipho@mawingu.example', '--name', 'Sipho'], { OPERATOR_PASSWORD: 'short' });
    expect(weak.code).toBe(1);
    expect(weak.stderr.trim()).toBe(`OPERATOR_PASSWORD: ${accessMessages.passwordWeak}`);
    const chosen = await createOwner(['--email', 'sipho@mawingu.example', '--name', 'Sipho'], { OPERATOR_PASSWORD: 'Chosen-pass-2026' });
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).not.toContain('Password');
    const usage = await createOwner(['--name', 'No Mail']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run operator:create-owner');

    const db = await open();
    const owners = await db.db.select().from(operators);
    await done(db);
    expect(owners.map((o) => [o.email, o.name])).toEqual([
      ['naledi@mawingu.example', 'Naledi Dube'],
      ['sipho@mawingu.example', 'Sipho'],
    ]);
    expect(await verifyPassword(owners[1]!.passwordHash, 'Chosen-pass-2026')).toBe(true);
  }, 300_000);
});
