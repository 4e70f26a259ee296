import type { Location } from 'react-router';
import { paths } from '../../app/paths.ts';
import type { ReturnState } from '../../lib/session/session-keeper.tsx';

export type { ReturnState };

const ACCOUNT_SCREENS = [
  paths.login.path,
  paths.signup.path,
  '/loginotp/',
  paths.forgetPassword.path,
  paths.forgotUsername.path,
  paths.recoverPassword.path,
  paths.updatePassword.path,
].map((path) => path.toLowerCase());

/** An in-site path worth returning to: not another site, not an account screen. */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  const lower = value.toLowerCase();
  if (
    ACCOUNT_SCREENS.some(
      (screen) => lower === screen || lower.startsWith(screen.endsWith('/') ? screen : `${screen}/`) || lower.startsWith(`${screen}?`),
    )
  ) {
    return undefined;
  }
  return value;
}

/**
 * Where the login screen returns to: the page a guard sent the visitor from, or the page it is shown
 * in place of (product details).
 */
export function returnPathOf(location: Location): string | undefined {
  const fromState = safeReturnPath((location.state as ReturnState | null)?.from);
  if (fromState) return fromState;
  return safeReturnPath(`${location.pathname}${location.search}`);
}
