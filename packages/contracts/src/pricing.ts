/**
 * spec 9 "Prices": pure rules shared by the server (which stores integer cents) and the client
 * (which shows decimal amounts in the chosen currency).
 *
 * Every rule works on whole cents, in integers, so that float drift (0.1 + 0.2, 19.99 × 0.92,
 * 1000 × 1.005) never moves a price by a cent. Amounts are safe up to Number.MAX_SAFE_INTEGER
 * cents (about 90 trillion dollars); exchange rates are taken at the decimal digits they are
 * written with (0.92 is exactly 92/100).
 */

/** The symbol shown when no currency is chosen (spec 9: "Symbol defaults to $"). */
export const DEFAULT_CURRENCY_SYMBOL = '$';

/** What the price rules need of a currency (spec 3 "Currency"). */
export type PriceCurrency = { unit: string; exchange_rate: number };

/**
 * A decimal amount (12.99) in whole cents (1299), to the nearest cent (halves away from zero),
 * taken at the digits it is written with: 1.005 is 101 cents, although 1.005 × 100 is
 * 100.49999999999999 in floats.
 */
export function priceToCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
  const [numerator, denominator] = decimalFraction(amount);
  return Number(divideRoundingHalfUp(numerator * 100n, denominator));
}

/** Whole cents as the API's decimal number: 1299 → 12.99. */
export const centsToPrice = (cents: number): number => Number(centsToAmount(cents));

/** Whole cents as a decimal string with exactly 2 places: 1299 → "12.99", 5 → "0.05". */
export function centsToAmount(cents: number): string {
  const whole = BigInt(Math.round(cents));
  const negative = whole < 0n;
  const magnitude = negative ? -whole : whole;
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${magnitude / 100n}.${fraction}`;
}

/**
 * The price before the discount, in cents: price / ((100 - discount) / 100), to the nearest cent
 * (halves up). A discount of 0 or less, or of 100 or more (nothing to divide by), leaves the price.
 */
export function originPriceCents(priceCents: number, discountPercent: number): number {
  if (!(discountPercent > 0 && discountPercent < 100)) return priceCents;
  const [numerator, denominator] = decimalFraction(100 - discountPercent);
  // priceCents × 100 / (100 − discount), with (100 − discount) = numerator / denominator
  const scaled = BigInt(Math.round(priceCents)) * 100n * denominator;
  return Number(divideRoundingHalfUp(scaled, numerator));
}

/** spec 9: the original price of a decimal price (min_price) under a discount percentage, 2 decimals. */
export const originPrice = (price: number, discountPercent: number): number =>
  centsToPrice(originPriceCents(priceToCents(price), discountPercent));

/** An amount in cents converted with an exchange rate and rounded down to a whole cent. */
export function convertCents(cents: number, exchangeRate = 1): number {
  if (!(exchangeRate > 0)) throw new RangeError(`not an exchange rate: ${exchangeRate}`);
  const [numerator, denominator] = decimalFraction(exchangeRate);
  return Number(divideRoundingDown(BigInt(Math.round(cents)) * numerator, denominator));
}

/**
 * A USD amount shown in another currency: times the currency's exchange_rate (default 1),
 * rounded down to 2 decimals (spec 9).
 */
export const convertForDisplay = (amountUsd: number, exchangeRate = 1): number =>
  centsToPrice(convertCents(priceToCents(amountUsd), exchangeRate));

/**
 * A USD amount as the shopper reads it: converted into `currency` (rounded down, spec 9) and
 * written with its symbol, thousands separated by commas and 2 decimals — "$12.99", "€11.02",
 * "¥1,964.08" (yen keep 2 decimals too, as spec 9 says). Symbols made of letters ("CHF", "kr")
 * are set apart by a space. Without a currency: US dollars, "$".
 */
export function formatPrice(amountUsd: number, currency?: PriceCurrency): string {
  const unit = currency?.unit ?? DEFAULT_CURRENCY_SYMBOL;
  const amount = centsToAmount(convertCents(priceToCents(amountUsd), currency?.exchange_rate ?? 1));
  const [sign, digits] = amount.startsWith('-') ? ['-', amount.slice(1)] : ['', amount];
  const [whole = '0', cents = '00'] = digits.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const gap = /\p{L}$/u.test(unit) ? ' ' : '';
  return `${sign}${unit}${gap}${grouped}.${cents}`;
}

// ---------------------------------------------------------------- exact decimal arithmetic

/**
 * A finite number as the exact fraction of the decimal digits JavaScript prints for it:
 * 0.92 → [92n, 100n], 151.2 → [1512n, 10n], 1e-7 → [1n, 10000000n].
 */
function decimalFraction(value: number): [bigint, bigint] {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [mantissa = '0', exponentText = '0'] = String(value).toLowerCase().split('e');
  const [integerPart = '0', fractionPart = ''] = mantissa.split('.');
  const exponent = Number(exponentText) - fractionPart.length;
  const digits = BigInt(`${integerPart}${fractionPart}`);
  return exponent >= 0 ? [digits * 10n ** BigInt(exponent), 1n] : [digits, 10n ** BigInt(-exponent)];
}

/** ⌊a / b⌋ for b > 0, also for negative a (BigInt division truncates toward zero). */
function divideRoundingDown(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b !== 0n && a < 0n ? quotient - 1n : quotient;
}

/** a / b to the nearest integer, halves away from zero, for b > 0. */
function divideRoundingHalfUp(a: bigint, b: bigint): bigint {
  const magnitude = (2n * (a < 0n ? -a : a) + b) / (2n * b);
  return a < 0n ? -magnitude : magnitude;
}
