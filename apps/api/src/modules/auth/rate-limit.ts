import { messages } from '@mawingu/contracts/messages';
import { AppError } from '../../http/app-error.ts';

/**
 * Route config for a per-address limit on an accounts call. The 429 goes through the error
 * handler like any AppError, so it is the envelope with a message that says what to do.
 */
export function limitPerAddress(limit: { max: number; timeWindow: string }) {
  return {
    rateLimit: {
      ...limit,
      errorResponseBuilder: () => new AppError('too_many_attempts', 429, messages.tooManyLoginAttempts),
    },
  };
}
