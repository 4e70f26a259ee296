import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { makeConfiguration, ok, stubApi, stubHealthySite } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { assignLocation } from '../lib/browser-location.ts';

vi.mock('../lib/browser-location.ts', () => ({ assignLocation: vi.fn(), replaceLocation: vi.fn() }));

const HEADLINE = 'Cloud infrastructure for African businesses';

describe('company configuration flow', () => {
  afterEach(() => vi.mocked(assignLocation).mockClear());

  it('stays on /home with a complete configuration, sets the title and mirrors it to storage', async () => {
    const fetchMock = stubHealthySite({ companyName: 'Testa Cloud' });
    const app = renderApp('/home');

    expect(await screen.findByRole('heading', { name: HEADLINE })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Testa Cloud'));
    expect(app.pathname()).toBe('/home');
    expect(JSON.parse(window.localStorage.getItem('companyConfiguration') ?? '{}')).toMatchObject({
      companyName: 'Testa Cloud',
    });
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('getCompanyConfiguration'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ customerUrl: window.location.origin });
  });

  it('goes to /companynotregisteryet when a required field is missing', async () => {
    stubHealthySite({ termCondition: null, officeAddress: 'NA' });
    const app = renderApp('/home');

    await waitFor(() => expect(app.pathname()).toBe('/companynotregisteryet'));
    expect(await screen.findByText(messages.notRegisteredHeading)).toBeTruthy();
    expect(screen.getByText(messages.companyNotRegistered)).toBeTruthy();
  });

  it('goes to /companynotregisteryet on 404 and forgets any stored branding', async () => {
    window.localStorage.setItem('companyConfiguration', JSON.stringify(makeConfiguration()));
    stubApi({ getCompanyConfiguration: { status: 404, message: 'Company not registered yet', data: null } });
    const app = renderApp('/news');

    await waitFor(() => expect(app.pathname()).toBe('/companynotregisteryet'));
    expect(await screen.findByText(messages.companyNotRegistered)).toBeTruthy();
    expect(window.localStorage.getItem('companyConfiguration')).toBeNull();
    // Nothing that could only fail: no navigation, login or newsletter box; a quiet footer line.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Log In/i })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('contentinfo').textContent).toBe(`© ${new Date().getFullYear()}`);
  });

  it('leaves /companynotregisteryet for /home once the configuration is complete', async () => {
    stubHealthySite();
    const app = renderApp('/companynotregisteryet');
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    expect(await screen.findByRole('heading', { name: HEADLINE })).toBeTruthy();
  });

  it('goes to /undermaintenanceMode on 300, shows the message and keeps the data', async () => {
    const config = makeConfiguration({ companyName: 'Testa Cloud', maintenanceModeRedirect: 'https://status.example.test/' });
    stubApi({
      getCompanyConfiguration: { status: 300, message: 'Upgrading storage until 14:00.', data: config },
      getDropdownList: ok([]),
    });
    const app = renderApp('/home');

    await waitFor(() => expect(app.pathname()).toBe('/undermaintenanceMode'));
    expect(await screen.findByText('Upgrading storage until 14:00.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://status.example.test/' })).toBeTruthy();
    // The configuration is stored even in maintenance: the header keeps the company's logo.
    expect(screen.getByRole('img', { name: /Testa Cloud/ })).toBeTruthy();
    expect(window.localStorage.getItem('companyConfiguration')).toContain('Testa Cloud');
  });

  it('keeps a visitor who follows a link during maintenance on the maintenance page', async () => {
    stubApi({
      getCompanyConfiguration: { status: 300, message: 'Down for upgrades', data: makeConfiguration() },
      getDropdownList: ok([]),
    });
    const app = renderApp('/home');
    await waitFor(() => expect(app.pathname()).toBe('/undermaintenanceMode'));
    await act(async () => {
      await app.router.navigate('/about');
    });
    await waitFor(() => expect(app.pathname()).toBe('/undermaintenanceMode'));
    expect(await screen.findByText('Down for upgrades')).toBeTruthy();
  });

  it('redirects to the maintenance address after the message has been shown for a while', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      getCompanyConfiguration: {
        status: 300,
        message: '',
        data: makeConfiguration({ maintenanceModeMsg: 'Configured text', maintenanceModeRedirect: 'https://status.example.test/' }),
      },
      getDropdownList: ok([]),
    });
    renderApp('/undermaintenanceMode');

    expect(await screen.findByText('Configured text')).toBeTruthy();
    expect(assignLocation).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(assignLocation).toHaveBeenCalledWith('https://status.example.test/');
  });

  it('never redirects the window to a non-http maintenance address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({
      getCompanyConfiguration: {
        status: 300,
        message: 'Down',
        data: makeConfiguration({ maintenanceModeRedirect: 'javascript:alert(1)' }),
      },
      getDropdownList: ok([]),
    });
    renderApp('/undermaintenanceMode');
    expect(await screen.findByText('Down')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it('leaves /undermaintenanceMode for /home when the site answers 200', async () => {
    stubHealthySite();
    const app = renderApp('/undermaintenanceMode');
    await waitFor(() => expect(app.pathname()).toBe('/home'));
  });

  it('keeps the visitor in place and offers a retry when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const app = renderApp('/home');
    expect(await screen.findByText('The site settings could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(app.pathname()).toBe('/home');
  });
});
