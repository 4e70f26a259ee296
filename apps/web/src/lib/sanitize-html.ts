import DOMPurify from 'dompurify';

// Only formatting and links survive: no scripts, handlers, styles, frames, forms or media.
const ALLOWED_TAGS = [
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'span',
];
const ALLOWED_ATTR = ['href', 'title'];

let hooked = false;
function ensureLinkHook() {
  if (hooked) return;
  hooked = true;
  // Links in company content open outside the portal and cannot reach back to it.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!/^https?:\/\//i.test(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Company-authored HTML reduced to safe formatting, ready for dangerouslySetInnerHTML. */
export function sanitizeHtml(html: string): string {
  ensureLinkHook();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ADD_ATTR: ['target', 'rel'] });
}
