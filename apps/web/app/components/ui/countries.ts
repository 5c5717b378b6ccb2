import { type Country, findCountry, listCountries, searchCountries } from '@shop/contracts/phone';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export type CountryMatches = {
  /** spec 2: the preferred countries (US, GB, JP, KR, IN, SG, MY) come first */
  preferred: Country[];
  others: Country[];
};

/** How well a country answers a query: lower is better; only called for countries that match. */
function matchRank(country: Country, query: string): number {
  const q = query.toLowerCase();
  const digits = q.replace(/^\+/, '');
  const name = country.name.toLowerCase();
  if (country.iso2.toLowerCase() === q || (/^\d+$/.test(digits) && country.dialCode === digits)) return 0;
  if (name.startsWith(q)) return 1;
  if (name.split(/[\s,.()'’-]+/).some((word) => word.startsWith(q))) return 2;
  if (name.includes(q) || country.cnName.includes(query)) return 3;
  return 4;
}

/**
 * The picker's list for a search (spec 2: by country name, ISO code or dial code with or without
 * '+'). Without a query: preferred countries in their fixed order, then all others by name. With a
 * query: the matching preferred countries first, then the other matches, each part ordered by how
 * well they match (exact code, name start, word start, anywhere), ties kept in list order.
 */
export function matchCountries(query: string, countries: Country[] = listCountries()): CountryMatches {
  const q = query.trim();
  const matches = q === '' || q === '+' ? countries : searchCountries(q, countries);
  const ranked =
    q === '' || q === '+'
      ? matches
      : matches
          .map((country, index) => ({ country, index, rank: matchRank(country, q) }))
          .sort((a, b) => a.rank - b.rank || a.index - b.index)
          .map(({ country }) => country);
  return {
    preferred: ranked.filter((country) => country.preferred),
    others: ranked.filter((country) => !country.preferred),
  };
}

/**
 * A number typed or autofilled in international form ('+44 7400 123456') names its own country:
 * answers that country and the number without its code, or null when the text does not start with
 * '+', cannot be read, or belongs to a country the picker does not offer (China, spec 2).
 */
export function splitInternational(text: string): { country: Country; national: string } | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  const country = parsed?.country ? findCountry(parsed.country) : undefined;
  if (!parsed || !country) return null;
  return { country, national: parsed.nationalNumber };
}
