import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a tourist token names: the tourist, and for a shopper's record the sign-in session it was given in. */
export type TouristClaims = { touristId: number; sessionId: string | null };

/**
 * Tourist tokens: a signed, lasting name for a visitor without an account (`tt1.<claims>.<mac>`),
 * kept by the widget and sent back at every initialize so the visitor keeps their conversation.
 * Signed with the shop's key under a separate label, so it can never pass for an access token.
 * A shopper's token also names their sign-in session (`sid`) and holds only while that session
 * lives (decision 0013): without it, the token alone would reopen their conversations after logout.
 */
export function signTouristToken(key: string, touristId: number, sessionId: string | null, issuedAt = Date.now()): string {
  const claims = { tid: touristId, ...(sessionId ? { sid: sessionId } : {}), iat: Math.floor(issuedAt / 1000) };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `tt1.${body}.${mac(key, body)}`;
}

export function verifyTouristToken(key: string, token: string | undefined): TouristClaims | null {
  if (!token) return null;
  const [version, body, given] = token.split('.');
  if (version !== 'tt1' || !body || !given) return null;
  const expected = Buffer.from(mac(key, body), 'base64url');
  const actual = Buffer.from(given, 'base64url');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { tid?: unknown; sid?: unknown };
    if (typeof claims.tid !== 'number' || !Number.isSafeInteger(claims.tid) || claims.tid <= 0) return null;
    return { touristId: claims.tid, sessionId: typeof claims.sid === 'string' ? claims.sid : null };
  } catch {
    return null;
  }
}

const mac = (key: string, body: string) => createHmac('sha256', key).update(`tourist:${body}`).digest('base64url');
