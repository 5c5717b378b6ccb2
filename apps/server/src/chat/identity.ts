import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tourist tokens: a signed, lasting name for a visitor without an account (`tt1.<claims>.<mac>`),
 * kept by the widget and sent back at every initialize so the visitor keeps their conversation.
 * Signed with the shop's key under a separate label, so it can never pass for an access token.
 */
export function signTouristToken(key: string, touristId: number, issuedAt = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ tid: touristId, iat: Math.floor(issuedAt / 1000) })).toString('base64url');
  return `tt1.${body}.${mac(key, body)}`;
}

export function verifyTouristToken(key: string, token: string | undefined): number | null {
  if (!token) return null;
  const [version, body, given] = token.split('.');
  if (version !== 'tt1' || !body || !given) return null;
  const expected = Buffer.from(mac(key, body), 'base64url');
  const actual = Buffer.from(given, 'base64url');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { tid?: unknown };
    return typeof claims.tid === 'number' && Number.isSafeInteger(claims.tid) && claims.tid > 0 ? claims.tid : null;
  } catch {
    return null;
  }
}

const mac = (key: string, body: string) => createHmac('sha256', key).update(`tourist:${body}`).digest('base64url');
