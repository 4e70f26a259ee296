import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeConfiguration, ok, stubApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { BuiltInTerms } from '../components/built-in-terms.tsx';

describe('terms and privacy pages', () => {
  it('show the built-in privacy policy with the POPIA consent, block right-click and lead back home', async () => {
    stubApi({
      getCompanyConfiguration: ok(makeConfiguration({ companyName: 'Testa Cloud', privacyPolicy: null })),
      getDropdownList: ok([]),
    });
    renderApp('/privacypolicy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect((await screen.findByTestId('popia-consent')).textContent).toMatch(
      /consent to Testa Cloud processing .* Protection of Personal Information Act 4 of 2013/,
    );
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    fireEvent(screen.getByTestId('built-in-document'), event);
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
  });

  it('offer a configured file by Preview when the PDF viewer cannot run in this browser', async () => {
    // happy-dom lacks what pdf.js needs (as an old browser would): the page still gives the file.
    stubApi({ getCompanyConfiguration: ok(makeConfiguration({ termCondition: '/api/files/terms' })), getDropdownList: ok([]) });
    renderApp('/termcondition');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    const preview = await screen.findByRole('link', { name: 'Preview' }, { timeout: 5000 });
    expect(preview.getAttribute('href')).toBe('/api/files/terms');
    expect(preview.getAttribute('target')).toBe('_blank');
  });

  it('have built-in terms with the spec’s constants', () => {
    render(
      <MantineProvider>
        <BuiltInTerms />
      </MantineProvider>,
    );
    const text = document.body.textContent ?? '';
    for (const phrase of [
      '99% uptime',
      '08h30 to 17h00',
      "30 days' notice",
      "60 days' notice",
      'within 7 days',
      '2 business days',
      'due on the 1st',
      'by the 7th',
      'once per 12 months',
      "three months' fees",
      '120 minutes',
      '5 years',
      '14 days',
      '10 business days',
      '15 business days',
      'South African law',
    ]) {
      expect(text).toContain(phrase);
    }
  });
});
