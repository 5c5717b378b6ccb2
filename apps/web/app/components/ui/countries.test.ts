import { listCountries, PREFERRED_COUNTRIES } from '@shop/contracts/phone';
import { describe, expect, it } from 'vitest';
import { matchCountries, splitInternational } from './countries';

const codes = (countries: { iso2: string }[]) => countries.map((country) => country.iso2);

describe('matchCountries', () => {
  it('lists the preferred countries first, in the spec order, when nothing is searched', () => {
    const { preferred, others } = matchCountries('');
    expect(codes(preferred)).toEqual([...PREFERRED_COUNTRIES]);
    expect(others.length + preferred.length).toBe(listCountries().length);
    expect(others.some((country) => country.preferred)).toBe(false);
  });

  it('never offers China', () => {
    expect(codes(matchCountries('').others)).not.toContain('CN');
    const byName = matchCountries('china');
    expect(codes([...byName.preferred, ...byName.others])).not.toContain('CN');
    const by86 = matchCountries('+86');
    expect(codes([...by86.preferred, ...by86.others])).not.toContain('CN');
  });

  it('finds a country by dial code with or without +, exact code first', () => {
    for (const query of ['+44', '44']) {
      const { preferred, others } = matchCountries(query);
      expect(codes(preferred)).toEqual(['GB']);
      expect(codes(others)).toEqual(expect.arrayContaining(['GG', 'IM', 'JE']));
    }
    const plusOne = matchCountries('+1');
    expect(plusOne.preferred[0]?.iso2).toBe('US');
    // every +1 country comes before countries whose code only starts with 1 (none today, but kept in order)
    expect(plusOne.others.every((country) => country.dialCode.startsWith('1'))).toBe(true);
  });

  it('finds a country by ISO code', () => {
    const { preferred, others } = matchCountries('de');
    expect(preferred).toEqual([]);
    expect(others[0]?.iso2).toBe('DE');
  });

  it('puts names that start with the search before names that merely contain it', () => {
    const { preferred, others } = matchCountries('ind');
    expect(codes(preferred)).toEqual(['IN']);
    expect(others[0]?.iso2).toBe('ID'); // Indonesia starts with "ind"
    const british = codes(others).indexOf('IO'); // British Indian Ocean Territory: a later word starts with it
    expect(british).toBeGreaterThan(0);
  });

  it('keeps the preferred countries first among the matches', () => {
    const { preferred, others } = matchCountries('united');
    expect(codes(preferred)).toEqual(['US', 'GB']);
    expect(codes(others)).toContain('AE');
  });

  it('treats a lone + like an empty search', () => {
    expect(matchCountries('+').preferred.length).toBe(PREFERRED_COUNTRIES.length);
  });
});

describe('splitInternational', () => {
  it('takes the country from a number given with its code', () => {
    const split = splitInternational('+44 7400 123456');
    expect(split?.country.iso2).toBe('GB');
    expect(split?.national).toBe('7400123456');
    expect(splitInternational('+1 (201) 555-0123')?.country.iso2).toBe('US');
  });

  it('leaves national numbers, unreadable text and China alone', () => {
    expect(splitInternational('201 555 0123')).toBeNull();
    expect(splitInternational('+')).toBeNull();
    expect(splitInternational('+86 138 0013 8000')).toBeNull();
  });
});
