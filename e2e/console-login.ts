import type { Locator, Page } from 'playwright-core';
import { generateSync } from 'otplib';
import type { ConsoleOperator } from './fixtures/console.ts';

/** The code an authenticator app shows now for the operator's secret (RFC 6238, 30 s, 6 digits). */
export function totpNow(operator: Pick<ConsoleOperator, 'totpSecret'>): string {
  return generateSync({ secret: operator.totpSecret });
}

/** The code of the next 30 s step: the console accepts it too (a clock one step behind). */
export function totpNext(operator: Pick<ConsoleOperator, 'totpSecret'>): string {
  return generateSync({ secret: operator.totpSecret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

/** Sleeps until just after the current 30 s step ends. */
async function nextTotpStep(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 300));
}

/**
 * The codes to try, in order, for a sign-in. A step's code is accepted once, and another journey
 * file may have signed this operator in within the same 30 s: then the next step's code (which the
 * console also accepts), and when that was used too, the next step's after waiting, as a person
 * would. A refused replay does not count as a wrong code.
 */
export function freshCodes(operator: Pick<ConsoleOperator, 'totpSecret'>): (() => Promise<string>)[] {
  return [
    async () => totpNow(operator),
    async () => totpNext(operator),
    async () => {
      await nextTotpStep();
      return totpNext(operator);
    },
  ];
}

/**
 * Signs an operator in through the console's API (password, then TOTP) and hands the session to
 * the page as the console's login page would, so journeys about other console areas start on
 * their page. The login screen itself has its own journey (console-access.e2e.ts).
 */
export async function signInToConsole(page: Page, port: number, operator: ConsoleOperator): Promise<void> {
  const api = `http://localhost:${port}/api/admin/auth`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${api}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const reply = (await res.json()) as { status: number; message: string; data: any };
    if (res.status !== 200) throw new Error(`console ${path}: ${res.status} ${reply.message}`);
    return reply.data;
  };
  let stored = sessions.get(operator.email);
  if (!stored) {
    const signIn = async (code: string) => {
      const { challenge } = await post('login', { email: operator.email, password: operator.password });
      return post('verify', { challenge, code });
    };
    const [now, next, afterWaiting] = freshCodes(operator);
    const session = await signIn(await now!())
      .catch(async () => signIn(await next!()))
      .catch(async () => signIn(await afterWaiting!()));
    stored = JSON.stringify({ token: session.token, operator: session.operator });
    sessions.set(operator.email, stored);
  }
  await page.addInitScript((value) => window.sessionStorage.setItem('mawingu.console', value), stored);
}

/** One console session per operator per journey file. */
const sessions = new Map<string, string>();

/** Types the authenticator's code and signs in, trying fresh codes in turn (`freshCodes`). */
export async function signInWithCode(page: Page, code: Locator, operator: Pick<ConsoleOperator, 'totpSecret'>, landing: RegExp) {
  const attempts = freshCodes(operator);
  for (const [index, codeOf] of attempts.entries()) {
    await code.fill(await codeOf());
    await page.getByRole('button', { name: 'Sign in' }).click();
    const landed = await page
      .waitForURL(landing, { timeout: index === attempts.length - 1 ? 30_000 : 5_000 })
      .then(() => true)
      .catch(() => false);
    if (landed) return;
  }
  throw new Error(`no code of three steps signed ${landing} in`);
}

/** The console's login page up to its second step: e-mail and password typed, Continue pressed. */
export async function passwordStep(port: number, page: Page, email: string, password: string) {
  await page.goto(`http://localhost:${port}/admin/login`);
  await page.getByRole('heading', { name: 'Console login' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Signs out from the console's header and waits for the login page. */
export async function signOutOfConsole(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/admin\/login$/);
}
