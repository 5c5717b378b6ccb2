/**
 * spec 9 "Prices": pure rules shared by the server (which stores integer cents) and the client
 * (which shows decimal amounts in the chosen currency).
 */

/** The price before the discount, in cents: price / ((100 - discount) / 100), to the nearest cent. */
export function originPriceCents(priceCents: number, discountPercent: number): number {
  if (discountPercent <= 0 || discountPercent >= 100) return priceCents;
  return Math.round((priceCents * 100) / (100 - discountPercent));
}

/** Cents as the API's decimal amount with 2 places ("12.99"). */
export const centsToAmount = (cents: number) => (cents / 100).toFixed(2);

/**
 * A USD amount shown in another currency: times the currency's exchange_rate (default 1),
 * rounded down to 2 decimals (spec 9). Works in cents to stay clear of float drift.
 */
export function convertForDisplay(amountUsd: number, exchangeRate = 1): number {
  const cents = Math.round(amountUsd * 100);
  return Math.floor(cents * exchangeRate + 1e-6) / 100;
}
