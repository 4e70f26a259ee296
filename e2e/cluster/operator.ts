import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { generateSync } from 'otplib';

const run = promisify(execFile);

type Reply = { status: number; message: string; data: any };

/** A console call to one instance, as the console's pages make it. */
export async function consoleCall(base: string, method: string, path: string, token: string | null, body?: unknown): Promise<Reply> {
  const res = await fetch(`${base}/api/admin${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as Reply;
  if (res.status !== 200) throw new Error(`console ${method} ${path}: ${res.status} ${reply.message}`);
  return reply;
}

/**
 * The platform owner as a new deployment gets one: the release's own command with plain node
 * (`node apps/api/dist/create-owner.js`), then the first sign-in on one instance, which sets up the
 * authenticator app. Returns the console session's token.
 */
export async function createOwnerAndSignIn(release: string, env: Record<string, string>, base: string): Promise<string> {
  const email = 'owner@cluster.mawingu.test';
  const password = 'Owner@Cluster2026';
  await run(process.execPath, ['apps/api/dist/create-owner.js', '--email', email, '--name', 'Cluster Owner'], {
    cwd: release,
    env: { ...process.env, NODE_OPTIONS: '', ...env, OPERATOR_PASSWORD: password, LOG_LEVEL: 'silent' },
  });
  const login = await consoleCall(base, 'POST', '/auth/login', null, { email, password });
  const secret = (login.data as { enrolment: { secret: string } }).enrolment.secret;
  const verified = await consoleCall(base, 'POST', '/auth/verify', null, {
    challenge: login.data.challenge,
    code: generateSync({ secret }),
  });
  return (verified.data as { token: string }).token;
}
