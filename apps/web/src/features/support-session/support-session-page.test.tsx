import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeUserData } from '../../../test/session.ts';
import { readUserData } from '../../lib/session/session-store.ts';
import { readSupportSession } from '../../lib/session/support-session.ts';

const BANNER = { customerName: 'Amani Njoroge', operatorName: 'Lerato Dube', expiresAt: '2026-11-29T10:30:00.000Z' };

afterEach(() => window.localStorage.clear());

describe("an operator's support session on the customer's site", () => {
  it('exchanges the handoff once, drops it from the address, and shows the banner on the account page; End ends it', async () => {
    const exchanged: unknown[] = [];
    const ended = vi.fn(() => ok({ ended: true }, messages.supportSessionEnded));
    stubApi({
      getCompanyConfiguration: ok(makeConfiguration()),
      getDropdownList: ok([]),
      'supportSession/exchange': (body) => {
        exchanged.push(body);
        return ok({ userData: makeUserData({ detail: { FirstName: 'Amani', LastName: 'Njoroge' } }), supportSession: BANNER });
      },
      'supportSession/current': ok({ supportSession: BANNER }),
      'supportSession/end': ended,
    });
    const app = renderApp('/support-session#handoff-token-0123456789abcdef');
    await waitFor(() => expect(app.pathname()).toBe('/customerprofile/2'));
    expect(exchanged).toEqual([{ token: 'handoff-token-0123456789abcdef' }]);
    expect(readUserData()?.userDetail.FirstName).toBe('Amani');
    const banner = await screen.findByTestId('support-session-banner');
    expect(banner.textContent).toContain("You are viewing Amani Njoroge's account as Lerato Dube");

    vi.spyOn(window, 'close').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'End' }));
    await waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(readUserData()).toBeNull());
    expect(readSupportSession()).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('support-session-banner')).toBeNull());
  });

  it('says so when the link is used or expired, and stays logged out', async () => {
    stubApi({
      getCompanyConfiguration: ok(makeConfiguration()),
      getDropdownList: ok([]),
      'supportSession/exchange': { status: 401, message: messages.supportSessionLinkInvalid, data: null },
    });
    renderApp('/support-session#used-handoff-0123456789abcdef');
    expect(await screen.findByText(messages.supportSessionLinkInvalid)).toBeTruthy();
    expect(readUserData()).toBeNull();
    expect(screen.queryByTestId('support-session-banner')).toBeNull();
  });
});
