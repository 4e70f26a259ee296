import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PublicIp } from './public-ip.ts';

/**
 * Meraki's PUT replaces a network's whole rule list, so two writers that each read, merge and write
 * can drop each other's rules. Within one instance the adapter queues its changes; across API
 * instances sharing PostgreSQL this wrapper makes them take turns on a transaction-scoped advisory
 * lock (released at commit or if the instance dies). Not used on PGlite: one instance owns it.
 */
export function oneNetworkWriterAtATime(inner: PublicIp, db: Db, network: string): PublicIp {
  const inTurn = <T>(change: () => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`public-ip-network:${network}`}))`);
      return change();
    });
  return {
    provider: inner.provider,
    forward: (input) => inTurn(() => inner.forward(input)),
    release: (key) => inTurn(() => inner.release(key)),
    // A read: no turn needed.
    findClash: (input) => inner.findClash(input),
  };
}
