// The platform domain's public entry: what other domains may import from it (lint enforces it,
// docs/decisions/0092-domain-boundaries-in-lint.md). Everything else in the folder is its own.
export { escapeHtml, mailHtml, paragraphs } from './mail/mail-html.ts';
export type { MailContent } from './mail/mail-html.ts';
export { sendMailJob } from './mail/send-mail-job.ts';
export { createMailService } from './mail/service.ts';
export type { MailService } from './mail/service.ts';
export type { PlatformModule } from './module.ts';
export { eraseOutboxMailsTo } from './mail/erase-outbox.ts';
