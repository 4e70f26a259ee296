import { errorEnvelope } from '@mawingu/contracts/envelope';

/** What any console route may refuse with: bad input, no session, a role it does not admit, not found. */
export const CONSOLE_REFUSALS = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
