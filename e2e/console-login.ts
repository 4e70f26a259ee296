import type { Page } from 'playwright-core';
import { generateSync } from 'otplib';
import type { ConsoleOperator } from './fixtures-console.ts';

/** The code an authenticator app shows now for the operator's secret (RFC 6238, 30 s, 6 digits). */
export function totpNow(operator: Pick<ConsoleOperator, 'totpSecret'>): string {
  return generateSync({ secret: operator.totpSecret });
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
    const signIn = async () => {
      const { challenge } = await post('login', { email: operator.email, password: operator.password });
      return post('verify', { challenge, code: totpNow(operator) });
    };
    // A code is accepted once: when this operator signed in within the same 30 s step (another
    // journey file), the next step's code is waited for, as a person would.
    const session = await signIn().catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
      return signIn();
    });
    stored = JSON.stringify({ token: session.token, operator: session.operator });
    sessions.set(operator.email, stored);
  }
  await page.addInitScript((value) => window.sessionStorage.setItem('mawingu.console', value), stored);
}

/** One console session per operator per journey file. */
const sessions = new Map<string, string>();
