import { messages } from './messages.ts';

/** The OpenSSH public key types a customer may keep (DSA is retired by OpenSSH and refused). */
export const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
] as const;
export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

export type ParsedSshKey = { type: SshKeyType; body: string; comment: string; blob: Uint8Array };

function decodeBase64(body: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return null;
  try {
    return Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * An `authorized_keys` line: `<type> <base64 body> [comment]`. The body is the key in SSH wire
 * format, whose first field (a length-prefixed string) repeats the type: a pasted private key, a
 * truncated body or a body of another type are all refused with the reason.
 */
export function parseSshPublicKey(text: string): { ok: true; key: ParsedSshKey } | { ok: false; error: string } {
  const [type = '', body = '', ...rest] = text.trim().split(/\s+/);
  if (!(SSH_KEY_TYPES as readonly string[]).includes(type)) return { ok: false, error: messages.sshKeyTypeInvalid };
  const blob = decodeBase64(body);
  if (!blob || blob.length < 4) return { ok: false, error: messages.sshKeyBodyInvalid };
  const length = ((blob[0]! << 24) | (blob[1]! << 16) | (blob[2]! << 8) | blob[3]!) >>> 0;
  const inner = length <= blob.length - 4 ? new TextDecoder().decode(blob.subarray(4, 4 + length)) : '';
  // The shortest real key (ed25519) carries 32 key bytes after its type.
  if (inner !== type || blob.length < 4 + length + 4 + 32) return { ok: false, error: messages.sshKeyBodyMismatch };
  return { ok: true, key: { type: type as SshKeyType, body, comment: rest.join(' '), blob } };
}
