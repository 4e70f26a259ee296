import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubHealthySite } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { signInAs } from '../../test/session.ts';
import { paths } from './paths.ts';
import { routes } from './routes.tsx';

const HEADLINE = 'Cloud infrastructure for African businesses';

describe('routes', () => {
  it('redirects / to /home', async () => {
    stubHealthySite();
    const app = renderApp('/');
    await waitFor(() => expect(app.pathname()).toBe('/home'));
  });

  it('renders the home page for an unknown path without changing the address', async () => {
    stubHealthySite();
    const app = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: HEADLINE })).toBeTruthy();
    expect(app.pathname()).toBe('/no/such/page');
  });

  it('renders the VM lifecycle pages inside the layout for a customer', async () => {
    stubHealthySite();
    signInAs();
    const app = renderApp('/renewvm/7');
    expect(await screen.findByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(app.pathname()).toBe('/renewvm/7');
  });

  it('matches the mixed-case spellings of the spec', async () => {
    stubHealthySite();
    signInAs();
    const app = renderApp('/CustomerProfile/2');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
    expect(app.pathname()).toBe('/CustomerProfile/2');
  });

  it('routes every path of the paths object', () => {
    const routed = new Set(
      routes
        .flatMap((route) => [route, ...(route.children ?? [])])
        .map((route) => route.path)
        .filter(Boolean),
    );
    const declared = Object.entries(paths)
      .filter(([key]) => key !== 'root')
      .map(([, value]) => value.path);
    expect(declared.filter((path) => !routed.has(path))).toEqual([]);
  });

  it('builds hrefs with encoded segments', () => {
    expect(paths.loginOtp.getHref(12, 'a+b@x.test', 2)).toBe('/loginotp/12/a%2Bb%40x.test/2');
    expect(paths.businessUnit.getHref('Cloud/Hosting')).toBe('/businessunit/CloudHosting');
    expect(paths.marketplace.getHref()).toBe('/marketplace/all');
    expect(paths.customerProfile.getHref(1)).toBe('/customerprofile/1');
    expect(paths.redirect.getHref({ sessionid: 's 1', url: '/home' })).toBe('/redirect?sessionid=s+1&url=%2Fhome');
  });
});
