import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app.tsx';
import { stubHealthySite } from '../../../../test/fake-api.ts';
import { setLanguage } from '../../../i18n/i18n.ts';

describe('language switch', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('switches to Korean from the header: the menus, the login button and <html lang> follow', async () => {
    stubHealthySite({ companyName: 'Testa Cloud' });
    renderApp('/home');
    // Named in its own language, so a Korean reader finds it on an English page.
    await screen.findByRole('img', { name: /Testa Cloud/ });
    const header = screen.getByRole('banner');
    await userEvent.click(await within(header).findByRole('button', { name: '한국어' }));

    const nav = (await screen.findAllByRole('navigation', { name: '주 메뉴' }))[0]!;
    expect(within(nav).getByRole('link', { name: '홈' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: '마켓플레이스' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: '회원가입 / 로그인' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ko');
    expect(window.localStorage.getItem('language')).toBe('ko');

    // The way back is in the same place, in English.
    const back = within(header).getByRole('button', { name: 'English' });
    expect(back.getAttribute('lang')).toBe('en');
    await userEvent.click(back);
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(screen.getByRole('link', { name: 'Register / Log In' })).toBeTruthy();
  });

  it('offers every language at the top of the phone menu, the current one pressed', async () => {
    stubHealthySite({ companyName: 'Testa Cloud' });
    renderApp('/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const choice = within(drawer).getByRole('group', { name: 'Language' });
    expect(within(choice).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(within(choice).getByRole('button', { name: '한국어' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('ko'));
    expect(within(drawer).getByRole('button', { name: '한국어' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(drawer).getByRole('link', { name: '홈' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: '마켓플레이스 둘러보기' })).toBeTruthy();
  });
});
