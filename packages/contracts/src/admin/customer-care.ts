import { z } from 'zod';
import { envelope } from '../envelope.ts';

/**
 * Looking after one customer from the console (issue 17, point 2): internal notes the customer
 * never sees, and a mail written to the customer in the company's branded frame.
 */
export const customerCareMessages = {
  noteSaved: 'Note added.',
  noteRequired: 'Write the note.',
  noteTooLong: 'At most 2000 characters.',
  mailSent: 'Mail sent to the customer.',
  subjectRequired: 'Write a subject.',
  subjectTooLong: 'At most 150 characters.',
  bodyRequired: 'Write the message.',
  bodyTooLong: 'At most 5000 characters.',
  mailCapped: 'No mail sent: this customer has had 10 mails from the console in the last hour, the most allowed. Try again later.',
} as const;

const m = customerCareMessages;

export const customerNoteInput = z.object({
  body: z.string({ error: m.noteRequired }).trim().min(1, m.noteRequired).max(2000, m.noteTooLong),
});
export type CustomerNoteInput = z.infer<typeof customerNoteInput>;

export const customerNote = z.object({
  id: z.number().int(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type CustomerNote = z.infer<typeof customerNote>;

/** Newest first. */
export const customerNotesReply = z.object({ notes: z.array(customerNote) });
export type CustomerNotesReply = z.infer<typeof customerNotesReply>;
export const customerNotesResponse = envelope(customerNotesReply);

export const customerMailInput = z.object({
  subject: z.string({ error: m.subjectRequired }).trim().min(1, m.subjectRequired).max(150, m.subjectTooLong),
  body: z.string({ error: m.bodyRequired }).trim().min(1, m.bodyRequired).max(5000, m.bodyTooLong),
});
export type CustomerMailInput = z.infer<typeof customerMailInput>;

export const customerMailReply = z.object({ to: z.string() });
export const customerMailResponse = envelope(customerMailReply);
