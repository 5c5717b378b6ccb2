import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SubjectType } from '../../db/schema';

/**
 * Access tokens are short-lived, signed claims (decision 0002): `at1.<claims>.<hmac>`, claims being
 * base64url JSON. They name the session they belong to, so revoking a session ends them at once.
 */
export type AccessClaims = { sub: number; typ: SubjectType; sid: string; iat: number; exp: number };

const b64 = (buffer: Buffer) => buffer.toString('base64url');

export function signAccessToken(key: string, claims: AccessClaims): string {
  const body = b64(Buffer.from(JSON.stringify(claims)));
  const mac = b64(createHmac('sha256', key).update(`at1.${body}`).digest());
  return `at1.${body}.${mac}`;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'invalid' | 'expired'; claims?: AccessClaims };

export function verifyAccessToken(key: string, token: string, nowMs = Date.now()): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'at1' || !parts[1] || !parts[2]) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', key).update(`at1.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  let claims: AccessClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as AccessClaims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof claims.sub !== 'number' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired', claims };
  return { ok: true, claims };
}

/** Refresh tokens are random; only their SHA-256 is stored. */
export const newRefreshToken = () => `rt1.${b64(randomBytes(32))}`;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
