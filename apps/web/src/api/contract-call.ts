import type { Call, CallParams, CallReply, CallRequest } from '@mawingu/contracts/call';
import { callPath } from '@mawingu/contracts/call';
import type { Envelope, ErrorEnvelope } from '@mawingu/contracts/envelope';
import { ApiError } from './api-error.ts';
import { callApi, downloadApi, type CallOptions } from './call-api.ts';
import { parseErrorReply, parseReply } from './parse-reply.ts';

const OK = 200;

type QueryValue = string | number | boolean | null | undefined;

/** What a call is given: its path's parameters (when it has any), a GET's query, any other method's body. */
export type CallInput<C extends Call> = ([keyof CallParams<C>] extends [never] ? { params?: CallParams<C> } : { params: CallParams<C> }) & {
  query?: Record<string, QueryValue>;
  body?: CallRequest<C> | FormData;
};

/** `?a=1&b=x` from the values that are set (empty strings and nulls are left out), or ''. */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The call's path under its door, parameters and query filled in (a download's address). */
export const callUrl = <C extends Call>(call: C, input: CallInput<C>): string =>
  callPath(call.path, input.params as Record<string, string | number> | undefined) + queryString(input.query);

const send = <C extends Call>(call: C, input: CallInput<C>, options: Omit<CallOptions, 'method'>) =>
  callApi(callUrl(call, input), input.body, { ...options, method: call.method });

/** A call's reply: the envelope, its data checked, and a failure's details (field errors, request id) apart. */
export type CallEnvelope<C extends Call> = Envelope<CallReply<C> | null> & { failure: ErrorEnvelope['data'] };

/**
 * A call's reply, however it was sent (the configuration's may come from boot/early-start.ts): its data, for the statuses that carry it (200; a contract may name others), checked
 * against the contract's reply schema in development and tests; the production build checks only
 * its shape and carries no zod (docs/decisions/0033-replies-zod-checked-in-development-only.md).
 */
export async function checked<C extends Call>(call: C, reply: Envelope<unknown>): Promise<CallEnvelope<C>> {
  const statuses = call.dataStatuses ?? [OK];
  const failure = statuses.includes(reply.status) ? null : parseErrorReply(reply).data;
  const schema = import.meta.env.DEV ? ((await call.schemas()).reply ?? false) : false;
  // A reply without data (a deletion, whose contract names no reply schema) is null.
  if (!schema && reply.status === OK && reply.data === null) return { ...reply, data: null, failure };
  return { ...(parseReply(reply, schema, statuses) as Envelope<CallReply<C> | null>), failure };
}

/**
 * Sends a contract's call and returns its reply envelope, data checked (`checked`): never throws
 * for an answer (a non-200 status; no answer is status 0).
 */
export async function requestCall<C extends Call>(
  call: C,
  input: CallInput<C>,
  options: Omit<CallOptions, 'method'> = {},
): Promise<CallEnvelope<C>> {
  return checked(call, await send(call, input, options));
}

/** A reply read for its outcome only (status, message, field errors), as forms read it. */
export function outcomeOf(reply: Omit<Envelope<unknown>, 'data'> & { failure: ErrorEnvelope['data'] }): ErrorEnvelope {
  return { status: reply.status, message: reply.message, data: reply.failure };
}

/** The data of a call's 200 reply; any other answer throws `ApiError` (query and mutation functions). */
export async function fetchCall<C extends Call>(
  call: C,
  input: CallInput<C>,
  options: Omit<CallOptions, 'method'> = {},
): Promise<CallReply<C>> {
  const answer = await send(call, input, options);
  if (answer.status !== OK) throw ApiError.of(answer);
  const reply = await checked(call, answer);
  if (reply.status !== OK) throw ApiError.of(reply);
  return reply.data as CallReply<C>;
}

/** A file the API sends (a PDF, a CSV export) with the session's headers; a refusal throws `ApiError`. */
export async function downloadFile(path: string, options: Omit<CallOptions, 'method'> = {}): Promise<Blob> {
  const reply = await downloadApi(path, options);
  if (reply instanceof Blob) return reply;
  throw ApiError.of(reply);
}
