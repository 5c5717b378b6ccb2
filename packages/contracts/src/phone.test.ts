import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  findCountry,
  initialCountry,
  listCountries,
  PREFERRED_COUNTRIES,
  phoneProblem,
  searchCountries,
} from './phone';

describe('the phone input rules (spec 2)', () => {
  it('lists the preferred countries first, in order, and never China', () => {
    const countries = listCountries();
    expect(countries.slice(0, PREFERRED_COUNTRIES.length).map((c) => c.iso2)).toEqual(['US', 'GB', 'JP', 'KR', 'IN', 'SG', 'MY']);
    expect(countries.some((c) => c.iso2 === 'CN')).toBe(false);
    expect(countries.length).toBeGreaterThan(200);
  });

  it('searches by name, ISO code, and dial code with or without +', () => {
    expect(searchCountries('germany').map((c) => c.iso2)).toContain('DE');
    expect(searchCountries('fr').map((c) => c.iso2)).toContain('FR');
    expect(searchCountries('+44').map((c) => c.iso2)).toContain('GB');
    expect(searchCountries('81').map((c) => c.iso2)).toContain('JP');
    expect(searchCountries('86').map((c) => c.iso2)).not.toContain('CN');
    expect(searchCountries('')).toHaveLength(listCountries().length);
  });

  it('starts at +1 US, and falls back to the US for an initial +86', () => {
    expect(initialCountry().iso2).toBe('US');
    expect(initialCountry('+86').iso2).toBe('US');
    expect(initialCountry('86').iso2).toBe('US');
    expect(initialCountry('+44').iso2).toBe('GB');
    expect(initialCountry('+1').iso2).toBe('US');
    expect(initialCountry('gb')).toEqual(findCountry('GB'));
    expect(initialCountry('CN').iso2).toBe('US');
    expect(initialCountry('+999').iso2).toBe('US');
  });

  it('gives a dial code shared by several countries to its main one, in the list and at the start', () => {
    expect(initialCountry('+7').iso2).toBe('RU');
    expect(initialCountry('+44').iso2).toBe('GB');
    const byCode = (code: string) => listCountries().filter((c) => c.dialCode === code);
    expect(
      byCode('7')
        .filter((c) => c.priority === 0)
        .map((c) => c.iso2),
    ).toEqual(['RU']);
    expect(
      byCode('1')
        .filter((c) => c.priority === 0)
        .map((c) => c.iso2),
    ).toEqual(['US']);
    expect(byCode('1').length).toBeGreaterThan(10);
    for (const country of listCountries()) expect(initialCountry(country.iso2)).toEqual(country);
  });

  it('reports countryCode, phoneNumber, fullNumber, isValid and countryInfo on every change', () => {
    const us = findCountry('US');
    if (!us) throw new Error('US missing');
    expect(checkPhone(us, '202-555-0143')).toMatchObject({
      countryCode: '1',
      phoneNumber: '202-555-0143',
      fullNumber: '+12025550143',
      isValid: true,
      countryInfo: { iso2: 'US' },
    });
    expect(checkPhone(us, '123').isValid).toBe(false);
    expect(checkPhone(us, '').isValid).toBe(false);
  });

  it('tells a malformed number from an invalid one', () => {
    expect(phoneProblem('+12025550143', '1')).toBeNull();
    expect(phoneProblem('+1202', '1')).toBe('invalid');
    expect(phoneProblem('hello')).toBe('format');
    expect(phoneProblem('+442079460958', '1')).toBe('invalid');
  });
});
