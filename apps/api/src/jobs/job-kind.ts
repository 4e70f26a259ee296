// What a job kind is, apart from the queue that runs it: the worker (job-worker.ts) and the
// queue (queue.ts) both use it without importing each other both ways.

/** Retry policy of a job kind: `retryDelay` seconds, doubled on each attempt when `retryBackoff`. */
export type JobKind<T> = {
  name: string;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /**
   * The job's key (pg-boss `singletonKey`). It deduplicates only under a policy that says so:
   * 'stately' keeps at most one queued and one running job per key; 'standard' (the default) none.
   */
  keyOf(data: T): string;
  policy?: 'standard' | 'stately';
  /** `attempt.final` is true on the last try: the handler records a lasting failure then. */
  handle(data: T, attempt?: JobAttempt): Promise<void>;
};

export type JobAttempt = { retryCount: number; retryLimit: number; final: boolean };

/** What sending needs of a kind (a module can enqueue a kind whose handler lives elsewhere). */
export type JobSpec<T> = Pick<JobKind<T>, 'name' | 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'keyOf' | 'policy'>;
