import { createHmac, randomInt } from 'node:crypto';
import { OTP_LENGTH } from '@mawingu/contracts/auth';

/** A fresh code: 6 digits from the CSPRNG, leading zeros kept. */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Codes are stored as HMAC-SHA256 keyed by a key derived from the auth secret, bound to their
 * challenge. A plain or salted hash of a 6-digit code falls to a million guesses offline; without
 * the secret, a leaked table gives nothing.
 */
export function createOtpHasher(authSecret: Uint8Array) {
  const key = createHmac('sha256', authSecret).update('mawingu/otp-codes/v1').digest();
  return (challengeId: string, code: string) => createHmac('sha256', key).update(`${challengeId}:${code}`).digest('hex');
}

export type OtpHasher = ReturnType<typeof createOtpHasher>;
