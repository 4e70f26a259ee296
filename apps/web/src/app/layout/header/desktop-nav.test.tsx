import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app.tsx';
import { stubHealthySite } from '../../../../test/fake-api.ts';

// One test per file: the menus' code, once fetched, stays for the whole file (a module's state).
describe('desktop menus loaded when reached for', () => {
  it('shows a menu button before its code, keeps the keyboard focus when the real menu replaces it, and opens on Enter', async () => {
    stubHealthySite({}, [{ menuName: 'Partner perks', redirectURL: 'https://perks.example.test/' }]);
    renderApp('/home');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0]!;
    const standIn = await within(nav).findByRole('button', { name: 'Benefits' });
    expect(standIn.getAttribute('aria-haspopup')).toBe('menu');
    expect(standIn.getAttribute('aria-expanded')).toBe('false');

    // Focus in the bar asks for the menus' code; the real button takes the focus over.
    standIn.focus();
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Benefits' })).not.toBe(standIn));
    const real = within(nav).getByRole('button', { name: 'Benefits' });
    expect(document.activeElement).toBe(real);

    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Partner perks' }, { timeout: 3000 });
    expect(item.getAttribute('href')).toBe('https://perks.example.test/');
    expect(real.getAttribute('aria-expanded')).toBe('true');
  });
});
