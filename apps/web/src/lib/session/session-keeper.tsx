import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import i18n from '../../i18n/i18n.ts';
import { showInfoToast } from '../toast.ts';
import { startRefreshSchedule } from './refresh-schedule.ts';
import { onSessionEnd } from './session-end.ts';
import { resetSessionQueries } from './session-queries.ts';
import { readUserData, subscribeUserData } from './session-store.ts';

/** Who is logged in (null for a visitor); a renewed token keeps the same customer. */
function customerKey(): string | null {
  const userData = readUserData();
  return userData ? (userData.userDetail.emailID ?? '') : null;
}

/** How long a session end waits for the next page to show before clearing anyway. */
const SHOWN_TIMEOUT_MS = 3000;

/** State handed to the login page: where to return after logging in again. */
export type ReturnState = { from?: string };

async function showSessionExpired() {
  await i18n.loadNamespaces('auth').catch(() => undefined);
  // The spec's English texts (12 KB), the fallback, are not part of the first load.
  const english = await import('@mawingu/contracts/messages').then(
    (module) => module.messages.sessionExpired,
    () => undefined,
  );
  const text = i18n.t('spec.sessionExpired', { ns: 'auth', defaultValue: english });
  showInfoToast(text);
}

/**
 * Mounted once inside the router: keeps the session renewed, refreshes customer-dependent data when
 * the customer changes (login, logout, another tab), and routes after a session ends — home after a
 * logout, the login page after an expiry (spec section 4). Renders nothing.
 */
export function SessionKeeper() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const customer = useSyncExternalStore(subscribeUserData, customerKey, () => null);
  const previousCustomer = useRef(customer);
  // The page on screen. Navigations run in a transition: the page being left stays on screen (and
  // mounted) until the next one is ready, so this follows commits, not renders.
  const here = useRef('');
  const waiters = useRef(new Set<{ pathname: string; done: () => void }>());
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
    for (const waiter of waiters.current) {
      if (waiter.pathname.toLowerCase() === location.pathname.toLowerCase()) waiter.done();
    }
  }, [location.pathname, location.search]);

  // The session is cleared only once the next page is on screen: a customer-only page still shown
  // would otherwise send its guard to /customerlogin instead of home.
  const goTo = useCallback(
    async (pathname: string, state?: ReturnState) => {
      await navigate(pathname, { state });
      if (here.current.split('?')[0]!.toLowerCase() === pathname.toLowerCase()) return;
      await new Promise<void>((resolve) => {
        const waiter = { pathname, done: () => finish() };
        const timer = setTimeout(() => finish(), SHOWN_TIMEOUT_MS);
        function finish() {
          clearTimeout(timer);
          waiters.current.delete(waiter);
          resolve();
        }
        waiters.current.add(waiter);
      });
    },
    [navigate],
  );

  useEffect(() => startRefreshSchedule(), []);

  useEffect(() => {
    if (previousCustomer.current === customer) return;
    previousCustomer.current = customer;
    void resetSessionQueries(queryClient);
  }, [customer, queryClient]);

  useEffect(
    () =>
      onSessionEnd(async (reason) => {
        if (reason === 'logout') return goTo(paths.home.getHref());
        void showSessionExpired();
        return goTo(paths.login.getHref(), { from: here.current });
      }),
    [goTo],
  );

  return null;
}
