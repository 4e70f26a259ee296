import { messages } from '@mawingu/contracts/messages';
import { AppError } from '../../../http/app-error.ts';

/**
 * Route config for a per-address limit on a login call, the customers' or the console's (each
 * with its own text). The counts are shared by all instances (http/rate-limit/storage.ts). The
 * 429 goes through the error handler like any AppError, so it is the envelope with a message that
 * says what to do.
 */
export function limitPerAddress(limit: { max: number; timeWindow: string }, message: string = messages.tooManyLoginAttempts) {
  return {
    rateLimit: {
      ...limit,
      errorResponseBuilder: () => new AppError('too_many_attempts', 429, message),
    },
  };
}
