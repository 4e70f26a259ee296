import { parseArgs } from 'node:util';
import { TICKET_STATUSES, type AnswerTicketInput } from '@mawingu/contracts/tickets';

export const ANSWER_USAGE = [
  'Usage: npm run ticket:answer -- --ticket <id> --status <status> --message "<text>" [--by <name>]',
  `  --status   one of: ${TICKET_STATUSES.map((s) => `"${s}"`).join(', ')}`,
  '  --by       who answers (default "operator"), kept with the response',
].join('\n');

/** The operator's command line as the service's input, or the reason it cannot be. */
export function parseAnswerArgs(argv: string[]): { ok: true; input: AnswerTicketInput } | { ok: false; error: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ticket: { type: 'string' },
        status: { type: 'string' },
        message: { type: 'string' },
        by: { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  const missing = (['ticket', 'status', 'message'] as const).filter((name) => !values[name]?.trim());
  if (missing.length > 0) return { ok: false, error: `Missing ${missing.map((m) => `--${m}`).join(', ')}` };
  if (!/^\d+$/.test(values.ticket!.trim())) return { ok: false, error: '--ticket must be a ticket number' };
  // Statuses are matched without regard to case: "resolved" means "Resolved".
  const status = TICKET_STATUSES.find((s) => s.toLowerCase() === values.status!.trim().toLowerCase());
  if (!status) return { ok: false, error: `--status must be one of: ${TICKET_STATUSES.join(', ')}` };
  return {
    ok: true,
    input: { ticketID: Number(values.ticket), status, response: values.message!, answeredBy: values.by?.trim() || 'operator' },
  };
}
