import type { Language } from '@mawingu/contracts/languages';
import { escapeHtml } from '../../platform/index.ts';

/** What a company's mails show of it: logo, colour, and the footer's contact details. */
export type MailBrand = {
  name: string;
  /** Absolute URL of the logo (mail programs load it from the company's site), or null. */
  logoUrl: string | null;
  colour: string;
  websiteUrl: string | null;
  address: string;
  email: string;
  phone: string;
};

const WORDS: Record<Language, { email: string; phone: string; why: (company: string) => string }> = {
  en: { email: 'E-mail', phone: 'Phone', why: (company) => `You receive this mail from ${company}.` },
  ko: { email: '이메일', phone: '전화', why: (company) => `${company}에서 보낸 메일입니다.` },
};

const safeColour = (colour: string) => (/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#1c6dd0');

/** The part of a whole HTML document between <body> and </body> (a mail's own HTML may be one). */
export function innerOf(html: string): string {
  const open = /<body[^>]*>/i.exec(html);
  const close = html.toLowerCase().lastIndexOf('</body>');
  if (!open || close < 0) return html;
  return html.slice(open.index + open[0].length, close);
}

/** The footer's lines: name, office, e-mail, phone, site, in that order, the empty ones left out. */
function footerLines(brand: MailBrand, language: Language): string[] {
  const w = WORDS[language];
  return [
    brand.name,
    brand.address,
    brand.email ? `${w.email}: ${brand.email}` : '',
    brand.phone ? `${w.phone}: ${brand.phone}` : '',
    brand.websiteUrl ?? '',
  ].filter((line) => line !== '');
}

/**
 * A company's mail as HTML: the brand colour as a bar and for links, the logo (or the name) at the
 * top, the mail's own content, and the footer with the company's contact details. Tables and
 * inline styles, because mail programs ignore style sheets; at most 600 px wide, fluid below.
 */
export function brandedHtml(brand: MailBrand, language: Language, subject: string, content: string): string {
  const colour = safeColour(brand.colour);
  const w = WORDS[language];
  const head = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="48" style="display:block;height:48px;max-width:240px;width:auto;border:0">`
    : `<span style="font-size:22px;font-weight:700;color:${colour}">${escapeHtml(brand.name)}</span>`;
  const footer = footerLines(brand, language)
    .map((line, i) => {
      const text = escapeHtml(line);
      if (i === 0) return `<strong style="color:#1f2933">${text}</strong>`;
      if (line === brand.websiteUrl) return `<a href="${text}" style="color:${colour}">${text}</a>`;
      if (brand.email && line.endsWith(brand.email)) {
        const mail = escapeHtml(brand.email);
        return `${escapeHtml(w.email)}: <a href="mailto:${mail}" style="color:${colour}">${mail}</a>`;
      }
      return text;
    })
    .join('<br>');
  const koreanBreaks = language === 'ko' ? ';word-break:keep-all' : '';
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f1f3f5">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f3f5"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border-radius:8px;border-top:6px solid ${colour}">`,
    `<tr><td style="padding:24px 28px 8px">${head}</td></tr>`,
    `<tr><td style="padding:8px 28px 20px;font-family:Arial,Helvetica,'Apple SD Gothic Neo','Malgun Gothic','Noto Sans KR',sans-serif;font-size:15px;line-height:1.5;color:#1f2933${koreanBreaks}">${content}</td></tr>`,
    `<tr><td style="padding:16px 28px 20px;border-top:1px solid #e9ecef;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:1.6;color:#52606d${koreanBreaks}">`,
    `${footer}<br><span style="color:#7b8794">${escapeHtml(w.why(brand.name))}</span></td></tr>`,
    `</table></td></tr></table></body></html>`,
  ].join('');
}

/** The plain-text part: the mail's text, then the same footer as lines. */
export function brandedText(brand: MailBrand, language: Language, text: string): string {
  return [text.trimEnd(), '', '--', ...footerLines(brand, language)].join('\n');
}

/**
 * An edited text as HTML: one paragraph per line, a line that is only a link made clickable in the
 * brand colour, a line that is only one of `strong` (the code) set large and bold.
 */
export function bodyHtml(body: string, colour: string, strong: string[]): string {
  const c = safeColour(colour);
  return body
    .split('\n')
    .map((raw) => {
      const line = raw.trim();
      if (line === '') return '';
      const text = escapeHtml(line);
      if (/^https?:\/\/\S+$/.test(line))
        return `<p style="margin:0 0 12px"><a href="${text}" style="color:${c};word-break:break-all">${text}</a></p>`;
      if (strong.includes(line)) return `<p style="margin:0 0 12px"><strong style="font-size:20px;letter-spacing:2px">${text}</strong></p>`;
      return `<p style="margin:0 0 12px">${text}</p>`;
    })
    .join('');
}

/** Text without HTML of its own becomes paragraphs (links clickable). */
export const textAsHtml = (text: string, colour: string) => bodyHtml(text, colour, []);
