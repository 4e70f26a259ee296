import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubHealthySite } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { signInAs } from '../../../../test/session.ts';
import { replaceLocation } from '../../../lib/browser-location.ts';
import { getCookie } from '../../../lib/cookies.ts';
import { resolveRedirectTarget } from './redirect-page.tsx';

vi.mock('../../../lib/browser-location.ts', () => ({ assignLocation: vi.fn(), replaceLocation: vi.fn() }));

function clearCookies() {
  for (const name of ['sessionID', 'vmId']) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

describe('redirect page', () => {
  afterEach(() => {
    vi.mocked(replaceLocation).mockClear();
    clearCookies();
  });

  it('stores sessionID and vmId in cookies and follows an in-site url', async () => {
    stubHealthySite();
    signInAs();
    const app = renderApp('/redirect?sessionid=abc123&vmId=77&url=%2Fcustomerprofile%2F2');
    await waitFor(() => expect(app.pathname()).toBe('/customerprofile/2'));
    expect(getCookie('sessionID')).toBe('abc123');
    expect(getCookie('vmId')).toBe('77');
    expect(replaceLocation).not.toHaveBeenCalled();
  });

  it('leaves the site for an absolute https url', async () => {
    stubHealthySite();
    renderApp('/redirect?sessionid=s&url=https%3A%2F%2Fpay.example.test%2Freturn');
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('https://pay.example.test/return'));
  });

  it('refuses a script url and goes home instead', async () => {
    stubHealthySite();
    const app = renderApp('/redirect?sessionid=s&url=javascript%3Aalert(1)');
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(getCookie('sessionID')).toBe('s');
  });

  it('resolves targets strictly', () => {
    const origin = 'https://portal.example.test';
    expect(resolveRedirectTarget('/saveditem?x=1', origin)).toEqual({ internal: '/saveditem?x=1' });
    expect(resolveRedirectTarget('https://portal.example.test/home', origin)).toEqual({ internal: '/home' });
    expect(resolveRedirectTarget('//evil.example.test/x', origin)).toEqual({ external: 'https://evil.example.test/x' });
    expect(resolveRedirectTarget('data:text/html,hi', origin)).toBeNull();
    expect(resolveRedirectTarget(null, origin)).toBeNull();
  });
});
