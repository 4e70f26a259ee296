import { randomInt } from 'node:crypto';
import { encrypt } from 'unixcrypt';

/** The user every VM is made with (cloud-init / one-context USERNAME); sudo through the image's defaults. */
export const MACHINE_LOGIN_USER = 'admin';

/** No look-alikes (0/O, 1/l/I): the password is read off a screen and typed into a console. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 16 characters from a CSPRNG: about 93 bits. */
export function generatePassword(length = 16): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/**
 * SHA-512 crypt (`$6$`, what `openssl passwd -6` and `mkpasswd -m sha-512` make): hypervisors get
 * the hash for the guest's /etc/shadow, never the password itself.
 */
export const cryptPassword = (password: string) => encrypt(password);
