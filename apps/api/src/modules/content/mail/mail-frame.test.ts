import { describe, expect, it } from 'vitest';
import { languageOf } from './dress-mail.ts';
import { bodyHtml, brandedHtml, brandedText, innerOf, type MailBrand } from './mail-frame.ts';
import { defaultSenderAddress, formatSender } from './sender.ts';

const brand: MailBrand = {
  name: 'Savannah <Host> & Co',
  logoUrl: 'https://savannah.example/api/files/1"onerror="x',
  colour: 'red;background:url(x)',
  websiteUrl: 'https://savannah.example',
  address: '14 Riverside Drive, Nairobi, Kenya',
  email: 'care@savannah.example',
  phone: '',
};

describe('the branded frame and the sender', () => {
  it('escapes what the company typed and refuses a colour that is not #rrggbb', () => {
    const html = brandedHtml(brand, 'en', 'Hi <b>', '<p>x</p>');
    expect(html).toContain('alt="Savannah &lt;Host&gt; &amp; Co"');
    expect(html).toContain('src="https://savannah.example/api/files/1&quot;onerror=&quot;x"');
    expect(html).toContain('<title>Hi &lt;b&gt;</title>');
    expect(html).not.toContain('background:url(x)');
    expect(html).toContain('border-top:6px solid #1c6dd0');
  });

  it('writes the footer in the text part, leaving out what the company has not set', () => {
    expect(brandedText(brand, 'ko', 'Body')).toBe(
      'Body\n\n--\nSavannah <Host> & Co\n14 Riverside Drive, Nairobi, Kenya\n이메일: care@savannah.example\nhttps://savannah.example',
    );
  });

  it('sets a line that is only a link as a link and the code large; escapes the rest', () => {
    const html = bodyHtml('Hello <you>\n482913\nhttps://s.example/x?a=1&b=2', '#0b7285', ['482913']);
    expect(html).toContain('<p style="margin:0 0 12px">Hello &lt;you&gt;</p>');
    expect(html).toMatch(/<strong[^>]*>482913<\/strong>/);
    expect(html).toContain('<a href="https://s.example/x?a=1&amp;b=2" style="color:#0b7285');
  });

  it('takes the body of a whole HTML document', () => {
    expect(innerOf('<!doctype html><html><body class="x"><div>hi</div></body></html>')).toBe('<div>hi</div>');
    expect(innerOf('<div>hi</div>')).toBe('<div>hi</div>');
  });

  it('knows a mail’s language from its field or its frame’s lang', () => {
    expect(languageOf({ language: 'ko' })).toBe('ko');
    expect(languageOf({ html: '<div lang="ko" style="x">안녕</div>' })).toBe('ko');
    expect(languageOf({ html: '<div lang="fr">x</div>' })).toBe('en');
    expect(languageOf({})).toBe('en');
  });

  it('derives the default sender from the site, not from an IP address or localhost', () => {
    expect(defaultSenderAddress('https://www.savannah.example', 'Mawingu <no-reply@mawingu.local>')).toBe('no-reply@savannah.example');
    expect(defaultSenderAddress('http://localhost:3000', 'Mawingu <no-reply@mawingu.local>')).toBe('no-reply@mawingu.local');
    expect(defaultSenderAddress('http://127.0.0.1:3000', 'no-reply@mawingu.local')).toBe('no-reply@mawingu.local');
    expect(formatSender('Savannah "Host"\r\nBcc: x', 'a@b.example')).toBe('"Savannah HostBcc: x" <a@b.example>');
  });
});
