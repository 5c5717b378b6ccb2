import { createHmac, timingSafeEqual } from 'node:crypto';
import { MARKETING_CATEGORIES, type MarketingCategory } from '@shop/contracts/notifications';

/**
 * The token of a one-click unsubscribe link (decision 0027): `<shopper id>.<category>.<HMAC>`, the
 * HMAC-SHA256 of the first two parts under the server's signing key (in a domain of its own, so no
 * other signature of the shop is ever a valid one here). It never expires: an old e-mail's link
 * keeps working, and all it can do is switch one category's e-mail off.
 */
export function unsubscribeTokens(signingKey: string) {
  const sign = (payload: string) => createHmac('sha256', signingKey).update(`unsubscribe:${payload}`).digest('base64url');
  return {
    sign(userId: number, category: MarketingCategory): string {
      const payload = `${userId}.${category}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The shopper and category a token names, or null for a forged, altered or malformed one. */
    verify(token: string): { userId: number; category: MarketingCategory } | null {
      const match = /^([1-9]\d{0,15})\.([a-z]{1,16})\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const [, id, category, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${id}.${category}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!(MARKETING_CATEGORIES as readonly string[]).includes(category)) return null;
      return { userId: Number(id), category: category as MarketingCategory };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
