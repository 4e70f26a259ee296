import { defineCalls } from './call.ts';

/** Access to what was bought (under /api, signed in; ADR 0100); schemas in vm-access.ts. */
const call = defineCalls(() => import('./vm-access.ts'));

export const sshKeysCall = call('GET', 'profileSetting/sshKeys', (s) => ({ reply: s.sshKeysResponse.shape.data }));
export const addSshKeyCall = call('POST', 'profileSetting/addSshKey', (s) => ({ request: s.addSshKeyRequest, reply: s.sshKey }));
export const deleteSshKeyCall = call('POST', 'profileSetting/deleteSshKey', (s) => ({
  request: s.deleteSshKeyRequest,
  reply: s.deleteSshKeyResponse.shape.data,
}));
export const resetVmPasswordCall = call('POST', 'vmAction/resetVmPassword', (s) => ({
  request: s.resetVmPasswordRequest,
  reply: s.vmLogin,
}));
export const registerUserOpenNebulaCall = call('POST', 'profileSetting/registerUserOpenNebula', (s) => ({
  request: s.registerUserOpenNebulaRequest,
  reply: s.cloudLogin,
}));
