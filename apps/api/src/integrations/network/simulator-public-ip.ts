/**
 * The embedded default PublicIp: the network's forwarding rules are rows of
 * `simulator_network_rules` (one per VM key, in Meraki's rule shape), so they survive restarts and
 * every API instance sees the same ones. Like an MX it refuses a public port another VM already has.
 */
import { eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { simulatorNetworkRules } from '../../db/schema.ts';
import { clash, firstClash, forwardingRules, type MerakiRule } from './port-forwarding-rules.ts';
import { PublicIpError, type PublicIp } from './public-ip.ts';

/** A documentation address (RFC 5737) unless configured: nothing real answers on it. */
export const SIMULATOR_PUBLIC_IP = '203.0.113.10';

export function createSimulatorPublicIp(db: Db, publicIp = SIMULATOR_PUBLIC_IP): PublicIp {
  const provider = 'simulator';
  return {
    provider,

    async forward(input) {
      const rules = forwardingRules(input);
      await db.transaction(async (tx) => {
        // One change at a time across instances, so two VMs cannot both take a free port.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('simulator-network-rules'))`);
        const others = await tx
          .select({ key: simulatorNetworkRules.key, rules: simulatorNetworkRules.rules })
          .from(simulatorNetworkRules)
          .where(ne(simulatorNetworkRules.key, input.key));
        for (const other of others) {
          const taken = (other.rules as MerakiRule[]).find((o) => rules.some((r) => clash(r, o)));
          if (taken)
            throw new PublicIpError('rejected', `public ${taken.protocol} port ${taken.publicPort} is already forwarded`, provider);
        }
        await tx
          .insert(simulatorNetworkRules)
          .values({ key: input.key, publicIp, rules })
          .onConflictDoUpdate({ target: simulatorNetworkRules.key, set: { publicIp, rules, updatedAt: sql`now()` } });
      });
      return { publicIp };
    },

    async release(key) {
      await db.delete(simulatorNetworkRules).where(eq(simulatorNetworkRules.key, key));
    },

    async findClash(input) {
      const others = await db
        .select({ rules: simulatorNetworkRules.rules })
        .from(simulatorNetworkRules)
        .where(ne(simulatorNetworkRules.key, input.key));
      return firstClash(
        forwardingRules(input),
        others.flatMap((o) => o.rules as MerakiRule[]),
      );
    },
  };
}

/** Tests and the console page: the rules the simulator holds for a key (Meraki's shape), or none. */
export async function simulatorRulesOf(db: Db, key: string): Promise<{ publicIp: string; rules: MerakiRule[] } | undefined> {
  const [row] = await db.select().from(simulatorNetworkRules).where(eq(simulatorNetworkRules.key, key));
  return row ? { publicIp: row.publicIp, rules: row.rules as MerakiRule[] } : undefined;
}
