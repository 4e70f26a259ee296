import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/** The step a login challenge leads to: a code from the app, or setting the app up first. */
export type ChallengeStep = 'totp' | 'enrol';
export type ChallengeClaims = { operatorId: number; step: ChallengeStep };

const ISSUER = 'mawingu-console';
// Its own audience (and key): a challenge is never a session token, nor the reverse.
const AUDIENCE = 'operator-login-challenge';
export const CHALLENGE_TTL_SECONDS = 5 * 60;
const TOTP_PERIOD = 30;

/**
 * The console's second factor: login challenges (short-lived signed tokens naming the operator and
 * the step; nothing secret in them), TOTP (RFC 6238, 30 s, 6 digits, ±1 step) and recovery codes
 * (stored as keyed hashes, so a copy of the database alone reveals none).
 */
export function createSecondFactor(serverSecret: Uint8Array) {
  const challengeKey = new Uint8Array(hkdfSync('sha256', serverSecret, 'mawingu-console', 'login challenge v1', 32));
  const recoveryKey = Buffer.from(hkdfSync('sha256', serverSecret, 'mawingu-console', 'recovery codes v1', 32));

  async function signChallenge(claims: ChallengeClaims): Promise<string> {
    return new SignJWT({ step: claims.step })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.operatorId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${CHALLENGE_TTL_SECONDS}s`)
      .sign(challengeKey);
  }

  async function readChallenge(token: string): Promise<ChallengeClaims | null> {
    try {
      const { payload } = await jwtVerify(token, challengeKey, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const operatorId = Number(payload.sub);
      const step = (payload as { step?: unknown }).step;
      if (!Number.isInteger(operatorId) || (step !== 'totp' && step !== 'enrol')) return null;
      return { operatorId, step };
    } catch {
      return null;
    }
  }

  /**
   * A new secret with what the app needs to take it: the otpauth URL and its QR code. `issuer` is
   * the name the app lists it under: the operator's brand ("Savannah Host console"), not ours.
   */
  async function newEnrolment(email: string, issuer: string) {
    const secret = generateSecret();
    const otpauthUrl = generateURI({ issuer, label: email, secret });
    const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { secret, otpauthUrl, qrDataUrl, issuer };
  }

  /** The time step the code belongs to (now ±1 step), or null when it matches none. */
  function totpStep(secret: string, code: string, epochSeconds = Math.floor(Date.now() / 1000)): number | null {
    try {
      const result = verifySync({ secret, token: code, epochTolerance: TOTP_PERIOD, epoch: epochSeconds });
      return result.valid ? Math.floor(epochSeconds / TOTP_PERIOD) + result.delta : null;
    } catch {
      return null;
    }
  }

  /** Ten codes like "k7m2-q9xd-4hrt" (60 bits each), to be shown once. */
  function newRecoveryCodes(count = 10): string[] {
    const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
    return Array.from({ length: count }, () => {
      const chars = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('');
      return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
    });
  }

  /** The stored form of a recovery code; spaces, dashes and case do not matter. */
  function hashRecoveryCode(code: string): string {
    const normal = code.toLowerCase().replace(/[^a-z0-9]/g, '');
    return createHmac('sha256', recoveryKey).update(normal).digest('base64url');
  }

  return { signChallenge, readChallenge, newEnrolment, totpStep, newRecoveryCodes, hashRecoveryCode };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
