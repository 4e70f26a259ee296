import type { Database } from '../../db/client.ts';
import { createMerakiPublicIp, type MerakiSettings } from './meraki.ts';
import { oneNetworkWriterAtATime } from './one-network-writer.ts';
import type { PublicIp } from './public-ip.ts';
import { createSimulatorPublicIp } from './simulator-public-ip.ts';

/** Cisco Meraki when configured (config.meraki), otherwise the simulator network in the database. */
export function selectPublicIp(database: Database, meraki: MerakiSettings | undefined): PublicIp {
  if (!meraki) return createSimulatorPublicIp(database.db);
  const adapter = createMerakiPublicIp(meraki);
  // Instances sharing PostgreSQL take turns on the network's rule list; PGlite has one instance.
  return database.kind === 'postgres' ? oneNetworkWriterAtATime(adapter, database.db, meraki.networkId) : adapter;
}
