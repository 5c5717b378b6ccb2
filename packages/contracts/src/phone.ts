import {
  type CountryCode,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
// the same metadata the functions above use: the first country of a calling code is its main one
import metadata from 'libphonenumber-js/max/metadata';
import { normaliseDialCode } from './dial-code';

/** spec 2 "Phone input": countries listed first, in this order. */
export const PREFERRED_COUNTRIES: readonly CountryCode[] = ['US', 'GB', 'JP', 'KR', 'IN', 'SG', 'MY'];
/** spec 2: China (+86) is not offered. */
export const EXCLUDED_COUNTRIES: readonly CountryCode[] = ['CN'];
export const EXCLUDED_DIAL_CODES: readonly string[] = ['86'];
export const DEFAULT_COUNTRY: CountryCode = 'US';

/** spec 3 "Country list entry". */
export type Country = {
  name: string;
  cnName: string;
  iso2: CountryCode;
  dialCode: string;
  /** 0 for the main country of a shared dial code, 1 for the others */
  priority: number;
  /** preferred countries come first in the picker */
  preferred: boolean;
};

export type PhoneValue = {
  countryCode: string;
  phoneNumber: string;
  fullNumber: string;
  isValid: boolean;
  countryInfo: Country;
};

let names: { en: Intl.DisplayNames; zh: Intl.DisplayNames } | undefined;
/** The main country of a dial code shared by several (US for +1, GB for +44, RU for +7), from the metadata. */
const mainCountryOf = (dialCode: string): CountryCode | undefined => metadata.country_calling_codes[dialCode]?.[0];

/** One country's entry; cheap enough for a form's first render, which needs only its initial country. */
function countryEntry(iso2: CountryCode): Country {
  names ??= { en: new Intl.DisplayNames(['en'], { type: 'region' }), zh: new Intl.DisplayNames(['zh'], { type: 'region' }) };
  const dialCode = getCountryCallingCode(iso2);
  const main = mainCountryOf(dialCode);
  return {
    name: names.en.of(iso2) ?? iso2,
    cnName: names.zh.of(iso2) ?? iso2,
    iso2,
    dialCode,
    priority: main && main !== iso2 ? 1 : 0,
    preferred: PREFERRED_COUNTRIES.includes(iso2),
  };
}

let cache: Country[] | undefined;

/** Every country that can be picked, preferred ones first, the rest by English name. */
export function listCountries(): Country[] {
  if (cache) return cache;
  const all = getCountries()
    .filter((iso2) => !EXCLUDED_COUNTRIES.includes(iso2))
    .map(countryEntry);
  const preferred = PREFERRED_COUNTRIES.map((iso2) => all.find((c) => c.iso2 === iso2)).filter((c): c is Country => Boolean(c));
  const rest = all.filter((c) => !c.preferred).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  cache = [...preferred, ...rest];
  return cache;
}

/** spec 2: search by country name, ISO code, or dial code with or without '+'. */
export function searchCountries(query: string, countries: Country[] = listCountries()): Country[] {
  const q = query.trim().toLowerCase();
  if (!q) return countries;
  const dial = q.startsWith('+') ? q.slice(1) : q;
  return countries.filter(
    (c) =>
      c.name.toLowerCase().includes(q) ||
      c.cnName.includes(query.trim()) ||
      c.iso2.toLowerCase() === q ||
      (/^\d+$/.test(dial) && c.dialCode.startsWith(dial)),
  );
}

export function findCountry(iso2: string | undefined): Country | undefined {
  if (!iso2) return undefined;
  const upper = iso2.toUpperCase();
  return listCountries().find((c) => c.iso2 === upper);
}

/**
 * spec 2: default +1 (US); an initial +86 falls back to the US. A shared dial code gives its main
 * country (+7 Russia, not Kazakhstan). Built without the whole list, which a form's first render
 * does not need.
 */
export function initialCountry(dialCodeOrIso?: string): Country {
  const offered = (iso2: string | undefined): iso2 is CountryCode =>
    iso2 !== undefined && isSupportedCountry(iso2) && !EXCLUDED_COUNTRIES.includes(iso2);
  const upper = dialCodeOrIso?.trim().toUpperCase();
  if (offered(upper)) return countryEntry(upper);
  const dial = normaliseDialCode(dialCodeOrIso ?? '');
  const main = /^\d+$/.test(dial) && !EXCLUDED_DIAL_CODES.includes(dial) ? mainCountryOf(dial) : undefined;
  return countryEntry(offered(main) ? main : DEFAULT_COUNTRY);
}

/** Normalises a dial code given as '1', '+1' or ' +1 ' to '1'. */
export { normaliseDialCode };

/** spec 2 "Phone input" output for one country and the number typed without its code. */
export function checkPhone(country: Country, phoneNumber: string): PhoneValue {
  const national = phoneNumber.replace(/[^\d]/g, '');
  const fullNumber = `+${country.dialCode}${national}`;
  const parsed = national ? parsePhoneNumberFromString(fullNumber) : undefined;
  return {
    countryCode: country.dialCode,
    phoneNumber,
    fullNumber,
    isValid: Boolean(parsed?.isValid()),
    countryInfo: country,
  };
}

export type PhoneProblem = 'format' | 'invalid' | null;

/**
 * Checks a full number (dial code plus number, '+' optional). 'format' when it cannot be read as a
 * phone number at all, 'invalid' when it can but is not a valid number (spec 5 gives both texts).
 */
export function phoneProblem(fullNumber: string, dialCode?: string): PhoneProblem {
  const digits = fullNumber.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d{4,17}$/.test(digits)) return 'format';
  const parsed = parsePhoneNumberFromString(digits.startsWith('+') ? digits : `+${digits}`);
  if (!parsed) return 'format';
  if (EXCLUDED_DIAL_CODES.includes(parsed.countryCallingCode)) return 'invalid';
  if (dialCode && normaliseDialCode(dialCode) !== parsed.countryCallingCode) return 'invalid';
  return parsed.isValid() ? null : 'invalid';
}

/** The E.164 form of a full number, for storage. */
export function toE164(fullNumber: string): string {
  const digits = fullNumber.trim().replace(/[\s().-]/g, '');
  const parsed = parsePhoneNumberFromString(digits.startsWith('+') ? digits : `+${digits}`);
  return parsed?.number ?? digits;
}
