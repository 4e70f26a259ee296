import { inject } from 'vitest';
import type { ReceivedMail } from '../tools/fakes/smtp-sink.ts';

/**
 * The journeys' mailbox: the product delivers over SMTP to the sink the global setup started
 * (tools/fakes/smtp-sink.ts), and a journey reads what arrived as a person reads their inbox.
 */
export async function waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
  const mailsUrl = inject('mailsUrl');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data } = (await (await fetch(mailsUrl)).json()) as { data: ReceivedMail[] };
    // Newest first: a journey that asks twice for the same kind of mail wants the latest.
    const mail = data.toReversed().find(match);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no such mail reached the mailbox within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Mail addressed to `address` (envelope recipient, any case). */
export const sentTo = (address: string) => (mail: ReceivedMail) => mail.to.includes(address.toLowerCase());
