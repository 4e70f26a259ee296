/** True when the text carries HTML markup (news content may be plain text or HTML). */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][^>]*>/i.test(text);
}

/** The readable text of possibly-HTML content, whitespace collapsed (card excerpts, length rules). */
export function plainText(content: string): string {
  if (!looksLikeHtml(content)) return content.replace(/\s+/g, ' ').trim();
  // An inert document: parsing here runs no script and loads no image.
  const doc = new DOMParser().parseFromString(content, 'text/html');
  doc.querySelectorAll('script, style, template').forEach((el) => el.remove());
  doc.querySelectorAll('p, br, li, div, h1, h2, h3, h4, h5, h6').forEach((el) => el.append(' '));
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
