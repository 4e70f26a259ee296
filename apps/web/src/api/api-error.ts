import type { Envelope } from '@mawingu/contracts/envelope';
import { parseErrorReply } from './parse-reply.ts';

/**
 * A reply other than 200, raised for TanStack Query's error state (`fetchCall`, `downloadFile`):
 * the envelope's status and message, the fields the API refused (400) and the request's id (500).
 */
export class ApiError extends Error {
  readonly fieldErrors?: Record<string, string>;
  readonly requestId?: string;

  constructor(
    readonly status: number,
    message: string,
    details: { fieldErrors?: Record<string, string>; requestId?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.fieldErrors = details.fieldErrors;
    this.requestId = details.requestId;
  }

  /** A mutation's error as an ApiError (a network failure becomes one with status 0), or null. */
  static from(error: Error | null): ApiError | null {
    return error instanceof ApiError ? error : error ? new ApiError(0, error.message) : null;
  }

  static of(reply: Envelope<unknown>): ApiError {
    const { data } = parseErrorReply(reply);
    return new ApiError(reply.status, reply.message, data ?? {});
  }
}
