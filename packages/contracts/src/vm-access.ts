import { z } from 'zod';
import { envelope } from './envelope.ts';
import { messages } from './messages.ts';
import { parseSshPublicKey } from './ssh-public-key.ts';

/**
 * How a customer gets into what they bought (issue 16 point 1, ADR 0100): SSH public keys kept in
 * the profile and picked when configuring, each VM's generated password (shown once, resettable),
 * and a login to the OpenNebula/NodeWeaver cloud's self-service portal (the spec's
 * profileSetting/registerUserOpenNebula).
 */

export const SSH_KEYS_MAX = 10;
export const SSH_KEY_NAME_MAX = 50;

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const isPlainText = (v: string) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);

/** One key of the profile: never the body back, only what tells keys apart. */
export const sshKey = z.object({
  ID: z.number().int(),
  name: z.string(),
  type: z.string(),
  /** OpenSSH's `SHA256:…` fingerprint, as `ssh-keygen -l` prints it. */
  fingerprint: z.string(),
  createdDate: z.string(),
});
export type SshKey = z.infer<typeof sshKey>;
export const sshKeysResponse = envelope(z.array(sshKey));

/** POST /api/profileSetting/addSshKey: a name and one `authorized_keys` line. */
export const addSshKeyRequest = z.object({
  name: z
    .string({ error: messages.sshKeyNameRequired })
    .trim()
    .min(1, messages.sshKeyNameRequired)
    .max(SSH_KEY_NAME_MAX, messages.sshKeyNameTooLong)
    .refine(isPlainText, messages.sshKeyNameTooLong),
  publicKey: z
    .string({ error: messages.sshKeyRequired })
    .trim()
    .min(1, messages.sshKeyRequired)
    .max(16_384, messages.sshKeyBodyInvalid)
    .superRefine((value, ctx) => {
      const parsed = parseSshPublicKey(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
    }),
});
export type AddSshKeyRequest = z.input<typeof addSshKeyRequest>;
export const addSshKeyResponse = envelope(sshKey);

/** POST /api/profileSetting/deleteSshKey. */
export const deleteSshKeyRequest = z.object({ ID: id(messages.sshKeyNotFound) });
export type DeleteSshKeyRequest = z.input<typeof deleteSshKeyRequest>;
export const deleteSshKeyResponse = envelope(z.object({ ID: z.number().int() }));

/** The keys picked on the configurator, sent with CreateOrder (ids of the customer's own keys). */
export const sshKeyIdsField = z.array(id(messages.sshKeyNotFound)).max(SSH_KEYS_MAX, messages.sshKeysTooMany).optional();

/** POST /api/vmAction/resetVmPassword: a new password for the VM, shown once in the reply. */
export const resetVmPasswordRequest = z.object({ ID: id(messages.vmNotFound) });
export type ResetVmPasswordRequest = z.input<typeof resetVmPasswordRequest>;
export const vmLogin = z.object({ loginUser: z.string(), loginPassword: z.string() });
export const resetVmPasswordResponse = envelope(vmLogin);

/** POST /api/profileSetting/registerUserOpenNebula: `ID` is one of the customer's VMs on that cloud. */
export const registerUserOpenNebulaRequest = z.object({ ID: id(messages.vmNotFound) });
export type RegisterUserOpenNebulaRequest = z.input<typeof registerUserOpenNebulaRequest>;
/** The cloud login, shown to its owner only. */
export const cloudLogin = z.object({ user: z.string(), password: z.string(), cloudServiceUrl: z.string() });
export type CloudLogin = z.infer<typeof cloudLogin>;
export const registerUserOpenNebulaResponse = envelope(cloudLogin);
