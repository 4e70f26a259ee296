/**
 * OpenNebula's users, for the customer's login to the cloud's self-service portal (the spec's
 * registerUserOpenNebula): one.user.allocate(name, password, driver, groupIds) with the core
 * driver and the default group; a name already taken (a retry after a lost reply) is found through
 * one.userpool.info and given the new password (one.user.passwd), so the stored one always works.
 * one.vm.chown(vmId, uid, -1) hands the customer's machine to the user.
 */
import { HypervisorError, type CloudUsers } from './hypervisor.ts';
import type { OneRpc } from './opennebula-rpc.ts';
import { parseUserPool } from './opennebula-xml.ts';

export function createOneCloudUsers(
  rpc: OneRpc,
  options: { provider: string; portalUrl: string; vmId: (externalId: string) => number },
): CloudUsers {
  return {
    async register({ username, password }) {
      try {
        return { userId: String(await rpc('one.user.allocate', username, password, 'core', [])) };
      } catch (err) {
        if (!(err instanceof HypervisorError) || err.kind !== 'rejected') throw err;
        const taken = parseUserPool(String(await rpc('one.userpool.info'))).find((u) => u.name === username);
        if (!taken) throw err;
        await rpc('one.user.passwd', Number(taken.id), password);
        return { userId: taken.id };
      }
    },
    async grantMachine(externalId, userId) {
      await rpc('one.vm.chown', options.vmId(externalId), Number(userId), -1);
    },
    portalUrl: () => options.portalUrl,
  };
}
