/**
 * Waiting on a remote hypervisor: how often to ask and for how long. Real clusters take seconds to
 * minutes per task; tests use a few milliseconds so a slow task times out quickly.
 */
export type PollSettings = {
  /** Pause between two questions (ms). */
  pollIntervalMs?: number;
  /** How long one task or state change may take before the call gives up with `unavailable` (ms). */
  taskTimeoutMs?: number;
  /** How long one HTTP request may take (ms). */
  requestTimeoutMs?: number;
};

export const POLL_DEFAULTS = { pollIntervalMs: 2000, taskTimeoutMs: 10 * 60_000, requestTimeoutMs: 30_000 } as const;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks `probe` until it answers (anything but undefined) or the deadline passes; `onTimeout` makes
 * the error thrown then. Errors thrown by `probe` end the wait at once.
 */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined>,
  settings: Required<Pick<PollSettings, 'pollIntervalMs' | 'taskTimeoutMs'>>,
  onTimeout: () => Error,
): Promise<T> {
  const deadline = Date.now() + settings.taskTimeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() + settings.pollIntervalMs > deadline) throw onTimeout();
    await sleep(settings.pollIntervalMs);
  }
}

/** The label a clone or snapshot carries at the hypervisor: its name and, to find it again on a retry, its key. */
export const backupLabel = (name: string, idempotencyKey: string) => `${name} (${idempotencyKey})`;
