import { contentMessages as m, type NotificationInput, type RecipientsReply } from '@mawingu/contracts/admin/content';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { customerByIdOrEmail, customersMatching, type NotificationService } from '../../identity/index.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';

/** LIKE pattern of a search text, its wildcards taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Notifications an operator sends under the customers' bell, through the notification service (the
 * one writer of that table): to one customer of the company, or to all of them in one statement.
 */
export function createAdminNotifyService(db: Db, notifications: NotificationService) {
  /** Customers of the company matching a name, e-mail or id, for the form's picker (at most 20), and how many it has. */
  async function recipients(companyId: number, q: string): Promise<RecipientsReply> {
    const { rows, customerCount } = await customersMatching(db, companyId, q, 20);
    return {
      items: rows.map((row) => ({ id: row.id, email: row.email, name: `${row.firstName} ${row.lastName}`.trim() })),
      customerCount,
    };
  }

  async function send(
    actor: Operator,
    companyId: number,
    input: Required<Pick<NotificationInput, 'audience' | 'text'>> & NotificationInput,
  ): Promise<number> {
    return db.transaction(async (tx) => {
      if (input.audience === 'all') {
        const sent = await notifications.notifyAll(companyId, input.text, tx);
        await recordAudit(tx, {
          actor,
          companyId,
          action: 'content.notification.send_all',
          targetType: 'company',
          targetId: companyId,
          after: { text: input.text, recipients: sent },
        });
        return sent;
      }
      const field = input.customerId !== undefined ? 'customerId' : 'email';
      const customer = await customerByIdOrEmail(tx, companyId, input);
      // Another company's customer is as unknown as a missing one.
      if (!customer) throw new AppError('not_found', 404, m.customerNotFound, { [field]: m.customerNotFound });
      await notifications.notify(companyId, customer.id, input.text, tx);
      await recordAudit(tx, {
        actor,
        companyId,
        action: 'content.notification.send',
        targetType: 'customer',
        targetId: customer.id,
        after: { text: input.text, email: customer.email },
      });
      return 1;
    });
  }

  return { recipients, send };
}

export type AdminNotifyService = ReturnType<typeof createAdminNotifyService>;
