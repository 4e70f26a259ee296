import type { Envelope } from '@mawingu/contracts/envelope';
import { readOperatorSession, storeOperatorSession } from './operator-session.ts';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A console call's reply that is not 200: thrown by `adminApi` so TanStack Query sees an error. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

const TIMEOUT_MS = 120_000;

async function send(method: AdminMethod, path: string, body: BodyInit | undefined, headers: Record<string, string>): Promise<Response> {
  const session = readOperatorSession();
  return fetch(`/api/admin${path}`, {
    method,
    headers: { ...headers, ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

async function envelopeOf(res: Response): Promise<Envelope<unknown>> {
  const parsed: unknown = await res.json().catch(() => null);
  if (parsed && typeof parsed === 'object' && 'status' in parsed && 'message' in parsed) return parsed as Envelope<unknown>;
  return { status: res.status, message: `Unexpected reply (HTTP ${res.status}).`, data: null };
}

async function settle<T>(res: Response): Promise<T> {
  const reply = await envelopeOf(res);
  if (res.status === 401) {
    // The session ended (logout elsewhere, expiry, disabled): back to the console's login.
    storeOperatorSession(null);
  }
  if (res.status !== 200) {
    // The API names the fields it refused in data.fieldErrors (400); forms show them under each field.
    const fieldErrors = (reply.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors;
    throw new AdminApiError(res.status, reply.message, fieldErrors);
  }
  return reply.data as T;
}

/** Calls `/api/admin{path}` with JSON and returns the reply's data; any other status than 200 throws AdminApiError. */
export async function adminApi<T>(method: AdminMethod, path: string, body?: unknown): Promise<T> {
  const res = await send(
    method,
    path,
    body === undefined ? undefined : JSON.stringify(body),
    body === undefined ? {} : { 'content-type': 'application/json' },
  );
  return settle<T>(res);
}

/** Sends a multipart form (logo, PDF, attachments) to `/api/admin{path}`. */
export async function adminUpload<T>(method: 'POST' | 'PUT', path: string, form: FormData): Promise<T> {
  return settle<T>(await send(method, path, form, {}));
}

/** Downloads a console file (CSV export) with the session's token. */
export async function adminDownload(path: string): Promise<Blob> {
  const res = await send('GET', path, undefined, {});
  if (res.status !== 200) {
    const reply = await envelopeOf(res);
    throw new AdminApiError(res.status, reply.message);
  }
  return res.blob();
}
