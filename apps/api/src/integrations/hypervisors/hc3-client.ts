/**
 * HTTP to a Scale Computing HyperCore cluster (REST v1, protocols.md §5): Basic auth on every call
 * (stateless, so two API instances need no shared session), JSON bodies, GET answering arrays, and
 * task tags polled until COMPLETE. Every failure becomes a HypervisorError.
 */
import { Agent, fetch } from 'undici';
import { HypervisorError } from './hypervisor.ts';
import { POLL_DEFAULTS, pollUntil, type PollSettings } from './polling.ts';

export type Hc3Settings = PollSettings & {
  /** The cluster's address, e.g. `https://10.0.0.5` (the REST API is under /rest/v1). */
  url: string;
  username: string;
  password: string;
  /** Accept the cluster's self-signed certificate. Only when configured (HC3_INSECURE_TLS=true). */
  insecureTls?: boolean;
};

/** What a mutation answers: the task to wait for and, for creations, the new object's uuid. */
export type Hc3Task = { taskTag: string; createdUUID?: string };

export type Hc3Client = {
  /** GET; always an array (one element for `/Resource/{uuid}`); 404 → empty. */
  list<T>(path: string): Promise<T[]>;
  /** POST, PATCH or DELETE; returns the task tag object (waited for by `wait`). */
  send(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Hc3Task>;
  /** Polls GET /TaskTag/{tag} until COMPLETE; ERROR/UNINITIALIZED → rejected, too long → unavailable. */
  wait(task: Hc3Task): Promise<void>;
  /** The cluster's own address (for the console link). */
  readonly baseUrl: string;
  readonly poll: Required<Pick<PollSettings, 'pollIntervalMs' | 'taskTimeoutMs'>>;
};

type TaskTagRecord = { taskTag: string; state: string; formattedMessage?: string; formattedDescription?: string };

export function createHc3Client(settings: Hc3Settings, provider: string): Hc3Client {
  const baseUrl = settings.url.replace(/\/+$/, '').replace(/\/rest\/v1$/, '');
  const api = `${baseUrl}/rest/v1`;
  const authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;
  const requestTimeoutMs = settings.requestTimeoutMs ?? POLL_DEFAULTS.requestTimeoutMs;
  const poll = {
    pollIntervalMs: settings.pollIntervalMs ?? POLL_DEFAULTS.pollIntervalMs,
    taskTimeoutMs: settings.taskTimeoutMs ?? POLL_DEFAULTS.taskTimeoutMs,
  };
  // Self-signed certificates are normal on HC3, but trusting them is the operator's explicit choice.
  const dispatcher = settings.insecureTls ? new Agent({ connect: { rejectUnauthorized: false } }) : undefined;

  async function request(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    let res;
    try {
      res = await fetch(`${api}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
        dispatcher,
      });
    } catch (err) {
      throw new HypervisorError('unavailable', `HC3 ${method} ${path}: ${(err as Error).message}`, provider);
    }
    const text = await res.text().catch(() => '');
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (res.ok) return { status: res.status, json };
    const detail = (json as { error?: string } | undefined)?.error ?? text.slice(0, 200);
    const what = `HC3 ${method} ${path} answered ${res.status}${detail ? `: ${detail}` : ''}`;
    if (res.status === 401 || res.status === 403) throw new HypervisorError('auth', what, provider);
    if (res.status === 404) return { status: 404, json: undefined };
    if (res.status >= 500 || res.status === 429 || res.status === 408) throw new HypervisorError('unavailable', what, provider);
    throw new HypervisorError('rejected', what, provider);
  }

  async function list<T>(path: string): Promise<T[]> {
    const { status, json } = await request('GET', path);
    if (status === 404 || json === undefined) return [];
    if (!Array.isArray(json)) throw new HypervisorError('unavailable', `HC3 GET ${path} did not answer an array`, provider);
    return json as T[];
  }

  return {
    baseUrl,
    poll,
    list,

    async send(method, path, body) {
      const { status, json } = await request(method, path, body);
      if (status === 404) throw new HypervisorError('not-found', `HC3 ${method} ${path}: no such object`, provider);
      const task = (json ?? {}) as Partial<Hc3Task>;
      return { taskTag: String(task.taskTag ?? ''), createdUUID: task.createdUUID || undefined };
    },

    async wait(task) {
      // Some changes finish at once and answer an empty tag: nothing to wait for.
      if (!task.taskTag) return;
      await pollUntil(
        async () => {
          const [record] = await list<TaskTagRecord>(`/TaskTag/${encodeURIComponent(task.taskTag)}`);
          if (!record) throw new HypervisorError('unavailable', `HC3 task ${task.taskTag} is unknown to the cluster`, provider);
          if (record.state === 'COMPLETE') return true;
          if (record.state === 'ERROR' || record.state === 'UNINITIALIZED') {
            const why = record.formattedMessage || record.formattedDescription || record.state;
            throw new HypervisorError('rejected', `HC3 task ${task.taskTag} failed: ${why}`, provider);
          }
          return undefined; // QUEUED, RUNNING
        },
        poll,
        () => new HypervisorError('unavailable', `HC3 task ${task.taskTag} still running after ${poll.taskTimeoutMs} ms`, provider),
      );
    },
  };
}
