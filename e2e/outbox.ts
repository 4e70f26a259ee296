/** A mail as /dev/outbox.json lists it (development mode keeps mail there instead of sending it). */
export type OutboxMail = { to: string; subject: string; text: string; createdAt: string };

/** The newest outbox mail matching `match`, waiting for the mail job to write it (up to 15 s). */
export async function waitForMail(origin: string, match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const outbox = (await (await fetch(`${origin}/dev/outbox.json`)).json()) as { data: OutboxMail[] };
    const mail = outbox.data.find(match);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error('no such mail reached the outbox within 15 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}
