import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and settles no sooner than `ms` after the start, success or failure. For calls whose
 * work differs by a secret (is this address registered?) and cannot be mirrored the way login
 * mirrors argon2 with a decoy hash: the reply's timing then tells nothing while the work is shorter.
 */
export async function inEvenTime<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
