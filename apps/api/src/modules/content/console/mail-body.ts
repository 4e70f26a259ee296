/** True when the text carries HTML markup (the same rule as the site's news: apps/web lib/plain-text.ts). */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][^>]*>/i.test(text);
}

const BREAKS = new Set(['br', 'p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'hr', 'ul', 'ol', 'table']);
const SKIPPED = new Set(['script', 'style', 'head', 'title', 'template']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The readable text of an HTML body, for the plain-text part of a mail: tags dropped, block ends as
 * line breaks (a paragraph ends with a blank line), list items as "- ", script and style content left out. One pass over the input, no
 * backtracking (the body may be 100,000 characters).
 */
export function htmlToText(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    const gt = html.indexOf('>', lt);
    if (gt < 0) {
      out += html.slice(lt);
      break;
    }
    const tag = /^<\/?([a-z][a-z0-9]*)/i.exec(html.slice(lt, Math.min(gt + 1, lt + 40)))?.[1]?.toLowerCase();
    if (!tag) {
      // Not a tag ("a < b", "<!-- … -->" is dropped below): keep the character and go on.
      if (html.startsWith('<!--', lt)) {
        const end = html.indexOf('-->', lt + 4);
        i = end < 0 ? html.length : end + 3;
      } else {
        out += '<';
        i = lt + 1;
      }
      continue;
    }
    const closing = html[lt + 1] === '/';
    i = gt + 1;
    if (!closing && SKIPPED.has(tag)) {
      const end = lower.indexOf(`</${tag}`, i);
      i = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
      continue;
    }
    if (tag === 'li') out += closing ? '' : '\n- ';
    else if (BREAKS.has(tag)) out += '\n';
  }
  return out
    .replace(/&(#39|[a-z]+);/gi, (all, name: string) => ENTITIES[name.toLowerCase()] ?? all)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/**
 * One subscriber's newsletter mail: the operator's text or HTML with the subscriber's own unsubscribe
 * link below it (text part always; HTML part when the body is HTML).
 */
export function newsletterMail(companyName: string, subject: string, body: string, unsubscribeLink: string) {
  const footer = [
    '--',
    `You receive this mail because you subscribed to the ${companyName} newsletter.`,
    'To unsubscribe, open this link:',
    unsubscribeLink,
  ].join('\n');
  if (!looksLikeHtml(body)) return { subject, text: `${body}\n\n${footer}` };
  const html = [
    '<!doctype html><html><body>',
    `<div>${body}</div>`,
    '<hr style="border:none;border-top:1px solid #ddd;margin:24px 0 12px">',
    `<p style="font-size:12px;color:#555">You receive this mail because you subscribed to the ${escapeHtml(companyName)} newsletter. `,
    `<a href="${escapeHtml(unsubscribeLink)}">Unsubscribe</a></p>`,
    '</body></html>',
  ].join('');
  return { subject, text: `${htmlToText(body)}\n\n${footer}`, html };
}
