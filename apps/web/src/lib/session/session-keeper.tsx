import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '@mawingu/contracts/messages';
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

/** State handed to the login page: where to return after logging in again. */
export type ReturnState = { from?: string };

async function showSessionExpired() {
  await i18n.loadNamespaces('auth').catch(() => undefined);
  const text = i18n.t('spec.sessionExpired', { ns: 'auth', defaultValue: messages.sessionExpired });
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
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;

  useEffect(() => startRefreshSchedule(), []);

  useEffect(() => {
    if (previousCustomer.current === customer) return;
    previousCustomer.current = customer;
    void resetSessionQueries(queryClient);
  }, [customer, queryClient]);

  useEffect(
    () =>
      onSessionEnd((reason) => {
        if (reason === 'logout') {
          void navigate(paths.home.getHref());
          return;
        }
        void showSessionExpired();
        const state: ReturnState = { from: here.current };
        void navigate(paths.login.getHref(), { state });
      }),
    [navigate],
  );

  return null;
}
