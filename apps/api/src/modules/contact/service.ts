import type { WriteToUsFields } from '@mawingu/contracts/contact';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import type { MailService } from '../mail/service.ts';
import type { Tenant } from '../company/service.ts';

/**
 * "Write to us": the message is kept, forwarded to the company (reply goes to the sender) and the
 * sender gets a short acknowledgement — without their text, so the form cannot relay content to
 * an address someone else typed in.
 */
export function createContactService(db: Db, mail: MailService) {
  async function writeToUs(tenant: Tenant, { emailID, content }: WriteToUsFields): Promise<void> {
    const [row] = await db.insert(contactMessages).values({ companyId: tenant.id, email: emailID, content }).returning({ id: contactMessages.id });
    const companyEmail = tenant.configuration.emailID.trim();
    try {
      if (companyEmail) {
        await mail.enqueue({
          companyId: tenant.id,
          to: companyEmail,
          replyTo: emailID,
          subject: `Write to us: message from ${emailID}`,
          text: `${emailID} wrote through ${tenant.websiteUrl}/help:\n\n${content}`,
        });
      }
    } catch (err) {
      // "Thank you" must mean the company will read it: without the mail, keep nothing and fail.
      await db.delete(contactMessages).where(eq(contactMessages.id, row!.id));
      throw err;
    }
    await mail.enqueue({
      companyId: tenant.id,
      to: emailID,
      subject: `${tenant.name} received your message`,
      text: [
        'Thank you for writing to us.',
        '',
        `We have received your message and will reply to this address. — ${tenant.name}`,
      ].join('\n'),
    });
  }

  return { writeToUs };
}

export type ContactService = ReturnType<typeof createContactService>;
