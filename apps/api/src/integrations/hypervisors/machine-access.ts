/**
 * One MachineAccess, written the ways guests read it: a cloud-init `#cloud-config` (HC3's
 * cloudInitData, OpenNebula's USER_DATA) and one-context's CONTEXT variables (USERNAME,
 * CRYPTED_PASSWORD_BASE64, SSH_PUBLIC_KEY: OpenNebula/addon-context-linux loc-20, loc-22).
 */
import type { MachineAccess } from './hypervisor.ts';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * cloud-init user data. JSON is YAML, so the document is `#cloud-config` and one JSON object:
 * no quoting rules of our own for the hash's `$` or a key's comment.
 */
export function cloudConfigOf(access: MachineAccess): string {
  const user = {
    name: access.user,
    lock_passwd: false,
    passwd: access.cryptedPassword,
    shell: '/bin/bash',
    sudo: 'ALL=(ALL) NOPASSWD:ALL',
    ...(access.sshPublicKeys.length > 0 && { ssh_authorized_keys: access.sshPublicKeys }),
  };
  return `#cloud-config\n${JSON.stringify({ users: ['default', user], ssh_pwauth: true })}\n`;
}

/** HC3 cloudInitData: user and meta data, each base64 (HC-ANS create_cloud_init_payload). */
export function hc3CloudInitData(access: MachineAccess, instanceId: string, hostname: string) {
  const metaData = `instance-id: ${instanceId}\nlocal-hostname: ${hostname}\n`;
  return { userData: base64(cloudConfigOf(access)), metaData: base64(metaData) };
}

/** The CONTEXT variables for one-context images and, through USER_DATA, cloud-init images. */
export function oneContextOf(access: MachineAccess): Record<string, string> {
  return {
    USERNAME: access.user,
    CRYPTED_PASSWORD_BASE64: base64(access.cryptedPassword),
    ...(access.sshPublicKeys.length > 0 && { SSH_PUBLIC_KEY: access.sshPublicKeys.join('\n') }),
    USER_DATA: base64(cloudConfigOf(access)),
    USERDATA_ENCODING: 'base64',
  };
}

/** A host name from the machine's name: letters, digits and dashes, at most 63. */
export const hostnameOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63) || 'vm';
