import type { WriteToUsFields } from '@mawingu/contracts/contact';
import { resolveParticles } from '@mawingu/contracts/korean-particles';
import type { Language } from '@mawingu/contracts/languages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contactMessages } from '../../../db/schema.ts';
import type { MailService } from '../../platform/index.ts';
import type { Tenant } from '../../tenant/index.ts';

/** The sender's acknowledgement per language. */
const ACKNOWLEDGEMENT: Record<Language, (company: string) => { subject: string; text: string }> = {
  en: (company) => ({
    subject: `${company} received your message`,
    text: ['Thank you for writing to us.', '', `We have received your message and will reply to this address. — ${company}`].join('\n'),
  }),
  ko: (company) => ({
    subject: resolveParticles(`${company}이(가) 메시지를 받았습니다`),
    text: ['문의해 주셔서 감사합니다.', '', `메시지를 잘 받았으며 이 주소로 답변드리겠습니다. — ${company}`].join('\n'),
  }),
};

/**
 * "Write to us": the message is kept, forwarded to the company (reply goes to the sender) and the
 * sender gets a short acknowledgement — without their text, so the form cannot relay content to
 * an address someone else typed in.
 */
export function createContactService(db: Db, mail: MailService) {
  /** `language`: the site's, for the sender's acknowledgement (the company's copy stays English). */
  async function writeToUs(tenant: Tenant, { emailID, content }: WriteToUsFields, language: Language): Promise<void> {
    const [row] = await db
      .insert(contactMessages)
      .values({ companyId: tenant.id, email: emailID, content })
      .returning({ id: contactMessages.id });
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
    await mail.enqueue({ companyId: tenant.id, to: emailID, ...ACKNOWLEDGEMENT[language](tenant.name) });
  }

  return { writeToUs };
}

export type ContactService = ReturnType<typeof createContactService>;
