import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * The second factor of a staff sign-in: RFC 6238 codes (six digits, 30 s steps, SHA-1, as every
 * authenticator app reads them) through otplib. The secret is kept sealed with AES-256-GCM under a
 * key derived from the server's signing key, so a copy of the database alone does not give the
 * codes. A code is accepted within one step either side of now, and never at or before the last
 * step already used, so a code seen over a shoulder is good once.
 */

const STEP_TOLERANCE_S = 30;

export function totpSealer(signingKey: string) {
  const key = Buffer.from(hkdfSync('sha256', signingKey, 'shop', 'staff-totp-secret', 32));
  return {
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !body || !tag) throw new Error('not a sealed TOTP secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** A new secret, with what an authenticator app scans. */
export async function newTotpSecret(account: string, issuer: string) {
  const secret = generateSecret();
  const uri = generateURI({ issuer, label: account, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}

/** The time step a code was made for when it is good now and newer than `afterStep`; null otherwise. */
export async function acceptedStep(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: STEP_TOLERANCE_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
