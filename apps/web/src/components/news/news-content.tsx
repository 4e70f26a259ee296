import { looksLikeHtml } from '../../lib/plain-text.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import classes from './news.module.css';

/** News content in full: plain text as written, HTML only after sanitising (no script ever runs). */
export function NewsContent({ content }: { content: string }) {
  if (!looksLikeHtml(content)) {
    return <div className={`${classes.content} ${classes.plain}`}>{content}</div>;
  }
  return <div className={classes.content} dangerouslySetInnerHTML={{ __html: sanitizeHtml(content) }} />;
}
