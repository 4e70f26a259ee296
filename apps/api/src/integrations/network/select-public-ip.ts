import type { Db } from '../../db/client.ts';
import { createMerakiPublicIp, type MerakiSettings } from './meraki.ts';
import type { PublicIp } from './public-ip.ts';
import { createSimulatorPublicIp } from './simulator-public-ip.ts';

/** Cisco Meraki when configured (config.meraki), otherwise the simulator network in the database. */
export function selectPublicIp(db: Db, meraki: MerakiSettings | undefined): PublicIp {
  return meraki ? createMerakiPublicIp(meraki) : createSimulatorPublicIp(db);
}
