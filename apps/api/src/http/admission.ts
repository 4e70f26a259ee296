import type { FastifyInstance } from 'fastify';

export type AdmissionOptions = {
  /** New requests let in per turn of the event loop; the rest wait for the next turn, in arrival order. */
  perTurn: number;
  /** Where the next turn is scheduled (tests step through turns by hand). */
  nextTurn?: (admit: () => void) => void;
};

/** Runs `enter` in the next turn of the event loop that has room, in arrival order. */
export type Admission = (enter: () => void) => void;

/**
 * Lets new requests in a bounded number per turn of the event loop (ADR 0131). A saturated
 * instance serves every ready connection in one pass of its loop, and a database reply waits in
 * its socket for the next pass: a purchase of fifteen round trips waited fifteen long passes while
 * cached reads were answered in one. Letting in at most `perTurn` new requests a turn keeps the
 * passes short, so requests already under way move on; the newcomers wait their turn instead,
 * first come first served. Below that rate nothing waits: the first turn lets everyone in.
 */
export function createAdmission({ perTurn, nextTurn = setImmediate }: AdmissionOptions): Admission {
  let waiting: (() => void)[] = [];
  let scheduled = false;
  const admit = () => {
    const now = waiting.slice(0, perTurn);
    waiting = waiting.slice(perTurn);
    scheduled = waiting.length > 0;
    if (scheduled) nextTurn(admit);
    for (const enter of now) enter();
  };
  return (enter) => {
    waiting.push(enter);
    if (!scheduled) {
      scheduled = true;
      nextTurn(admit);
    }
  };
}

/** Every request Fastify handles waits for admission before its hooks (the read lane's answers wait in the lane). */
export function registerAdmission(app: FastifyInstance, admission: Admission) {
  app.addHook('onRequest', (_req, _reply, done) => admission(() => done()));
}
