import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubHealthySite } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import i18n from '../../../i18n/i18n.ts';

describe('home page', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the headline, the company name and the two calls to action', async () => {
    stubHealthySite({ companyName: 'Testa Cloud' });
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cloud infrastructure for African businesses' })).toBeTruthy();
    expect(screen.getAllByText('Testa Cloud').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Explore' }).getAttribute('href')).toBe('/marketplace/all');
    // Visitors must log in before buying.
    expect(screen.getByRole('link', { name: 'Buy Now' }).getAttribute('href')).toBe('/customerlogin');
  });

  it('has the Korean headline and falls back to English elsewhere', async () => {
    stubHealthySite();
    renderApp('/home');
    await screen.findByRole('heading', { level: 1 });
    await act(async () => {
      await i18n.changeLanguage('ko');
    });
    expect(screen.getByRole('heading', { level: 1, name: '아프리카 기업을 위한 클라우드 인프라' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ko');
  });
});
