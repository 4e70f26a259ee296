import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets stored in the database (gateway credentials, TOTP secrets) with AES-256-GCM under a
 * key derived (HKDF-SHA256) from the server's auth secret: a copy of the database alone reveals
 * nothing. Sealed form: "v1.<iv>.<tag>.<ciphertext>", base64url parts.
 */
export function createSecretBox(serverSecret: Uint8Array) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'mawingu-secret-box', 'aes-256-gcm v1', 32));

  function seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** Throws when the value was not sealed with this server's key or was altered. */
  function open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  return { seal, open };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
