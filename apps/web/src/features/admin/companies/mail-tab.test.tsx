import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyMailMessages as texts, type CompanyMailSettings, type CompanyMailTexts } from '@mawingu/contracts/admin/company-mail';
import { DEFAULT_MAIL_TEXTS, MAIL_PLACEHOLDERS, MAIL_TEXT_KEYS } from '@mawingu/contracts/mail-texts';
import { ok, stubApi } from '../../../../test/fake-api.ts';
import { renderElement } from '../../../../test/render-element.tsx';
import { MailTab } from './mail-tab.tsx';

const SETTINGS: CompanyMailSettings = {
  senderName: 'Savannah Host Care',
  senderAddress: 'hello@savannah.example',
  defaultSenderName: 'Savannah Host',
  defaultSenderAddress: 'no-reply@savannah.example',
  smtp: { host: 'smtp.savannah.example', port: 587, security: 'starttls', user: 'savannah', passwordSet: true },
  updatedAt: '2026-11-28T10:00:00.000Z',
};

const TEXTS: CompanyMailTexts = {
  mails: MAIL_TEXT_KEYS.map((key) => ({
    key,
    placeholders: [...MAIL_PLACEHOLDERS[key]],
    texts: (['en', 'ko'] as const).map((language) => ({
      language,
      current: DEFAULT_MAIL_TEXTS[language][key],
      default: DEFAULT_MAIL_TEXTS[language][key],
      edited: false,
    })),
  })),
};

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
});

const refused = (fieldErrors: Record<string, string>) => ({ status: 400, message: Object.values(fieldErrors)[0]!, data: { fieldErrors } });
const input = (label: RegExp) =>
  screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') as HTMLInputElement;

describe('the console’s company mail', () => {
  it('never shows the stored password, keeps it when left empty, and puts the API’s refusal under its field', async () => {
    const sent: unknown[] = [];
    stubApi({
      'admin/companies/5/mail': (body) => {
        if (!body) return ok(SETTINGS);
        sent.push(body);
        return refused({ 'smtp.host': texts.hostInvalid });
      },
      'admin/companies/5/mail/texts': ok(TEXTS),
    });
    renderElement(<MailTab companyId={5} />);
    await screen.findByRole('form', { name: 'Sender and mail server' });
    expect(input(/^Password/).value).toBe('');
    expect(screen.getByText('stored')).toBeTruthy();
    expect(screen.getByText('Leave empty to keep the stored password.')).toBeTruthy();

    fireEvent.change(input(/^SMTP server/), { target: { value: 'smtp://bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      senderName: 'Savannah Host Care',
      senderAddress: 'hello@savannah.example',
      smtp: { host: 'smtp://bad', port: 587, security: 'starttls', user: 'savannah', password: '' },
    });
    const host = input(/^SMTP server/);
    await waitFor(() => expect(host.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(
        host
          .getAttribute('aria-describedby')!
          .split(' ')
          .find((id) => id.endsWith('-error'))!,
      )!.textContent,
    ).toBe(texts.hostInvalid);
  });

  it('shows today’s text, refuses an unknown placeholder under the text, and previews the branded mail', async () => {
    const previews: unknown[] = [];
    stubApi({
      'admin/companies/5/mail': ok(SETTINGS),
      'admin/companies/5/mail/texts': ok(TEXTS),
      'admin/companies/5/mail/preview': (body) => {
        previews.push(body);
        const draft = body as { body: string };
        if (draft.body.includes('{cdoe}'))
          return refused({ body: 'Unknown placeholder {cdoe}. This mail offers: {name}, {company}, {code}, {minutes}.' });
        return ok({ subject: 'Karibu', from: '"Savannah Host Care" <hello@savannah.example>', html: '<p>Jambo 482913</p>', text: 'Jambo' });
      },
    });
    renderElement(<MailTab companyId={5} />);
    await screen.findByRole('form', { name: 'Texts of the mails' });
    expect(input(/^Subject/).value).toBe('Your {company} verification code');
    expect(screen.getByText('Default text')).toBeTruthy();

    fireEvent.change(input(/^Text/), { target: { value: 'Jambo {name}\n{cdoe}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Unknown placeholder {cdoe}. This mail offers: {name}, {company}, {code}, {minutes}.')).toBeTruthy();
    expect(input(/^Text/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input(/^Text/), { target: { value: 'Jambo {name}\n{code}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const frame = (await screen.findByTitle('Preview of the mail')) as HTMLIFrameElement;
    expect(frame.getAttribute('srcdoc')).toBe('<p>Jambo 482913</p>');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(screen.getByText('"Savannah Host Care" <hello@savannah.example>')).toBeTruthy();
    expect(previews.at(-1)).toEqual({
      key: 'signup-code',
      language: 'en',
      subject: 'Your {company} verification code',
      body: 'Jambo {name}\n{code}',
    });
  });
});
