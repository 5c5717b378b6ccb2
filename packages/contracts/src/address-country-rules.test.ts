import { describe, expect, it } from 'vitest';
import { checkPostcode, checkState, POSTCODE_RULES, postcodeInfo, stateInfo } from './address-country-rules';
import { findSubdivision, SUBDIVISIONS } from './address-regions';
import { listCountries } from './phone';

describe('postal codes per country', () => {
  it.each([
    ['US', '94105', '94105'],
    ['US', '94105-1234', '94105-1234'],
    ['US', '941051234', '94105-1234'],
    ['PR', '00901', '00901'],
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['CA', 'K1A 0B1', 'K1A 0B1'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'M1 1AE', 'M1 1AE'],
    ['GB', 'EC1A 1BB', 'EC1A 1BB'],
    ['JE', 'JE2 3AB', 'JE2 3AB'],
    ['DE', '10115', '10115'],
    ['FR', '75008', '75008'],
    ['JP', '1000001', '100-0001'],
    ['JP', '100-0001', '100-0001'],
    ['AU', '2000', '2000'],
    ['IN', '110001', '110001'],
    ['BR', '01310100', '01310-100'],
    ['BR', '01310-100', '01310-100'],
    ['NL', '1012ab', '1012 AB'],
    ['ES', '28013', '28013'],
    ['IT', '00144', '00144'],
    ['PT', '1100148', '1100-148'],
    ['PL', '00950', '00-950'],
    ['SE', '11455', '114 55'],
    ['LV', '1010', 'LV-1010'],
    ['LV', 'LV-1010', 'LV-1010'],
    ['IE', 'd02x285', 'D02 X285'],
    ['MX', '06600', '06600'],
    ['KR', '03187', '03187'],
  ])('accepts %s %s and stores it as %s', (country, typed, stored) => {
    expect(checkPostcode(country, typed)).toEqual({ ok: true, value: stored });
  });

  it.each([
    ['US', '9410', 'Please enter a valid ZIP code, e.g. 94105 or 94105-1234'],
    ['US', 'ABCDE', 'Please enter a valid ZIP code, e.g. 94105 or 94105-1234'],
    ['CA', 'D1A 0B1', 'Please enter a valid postal code, e.g. K1A 0B1'],
    ['GB', '12345', 'Please enter a valid postcode, e.g. SW1A 1AA'],
    ['DE', '1011', 'Please enter a valid postal code, e.g. 10115'],
    ['JP', '10000011', 'Please enter a valid postal code, e.g. 100-0001'],
    ['IN', '011000', 'Please enter a valid PIN code, e.g. 110001'],
    ['BR', '0131010', 'Please enter a valid CEP, e.g. 01310-100'],
    ['NL', '0123 AB', 'Please enter a valid postal code, e.g. 1012 AB'],
    ['ES', '53001', 'Please enter a valid postal code, e.g. 28013'],
  ])('refuses %s %s with a message naming the field and an example', (country, typed, message) => {
    expect(checkPostcode(country, typed)).toEqual({ ok: false, message });
  });

  it('asks for the code where the country has codes', () => {
    expect(checkPostcode('US', '  ')).toEqual({ ok: false, message: 'Please enter ZIP code' });
    expect(checkPostcode('GB', '')).toEqual({ ok: false, message: 'Please enter postcode' });
    expect(checkPostcode('DE', '')).toEqual({ ok: false, message: 'Please enter postal code' });
  });

  it('accepts an empty code where the country has none, and where codes are optional', () => {
    for (const country of ['AE', 'HK', 'QA', 'JM', 'IE', 'NG']) {
      expect(checkPostcode(country, '')).toEqual({ ok: true, value: '' });
      expect(postcodeInfo(country).required).toBe(false);
    }
    expect(postcodeInfo('US').required).toBe(true);
  });

  it('checks a code given where codes are optional all the same', () => {
    expect(checkPostcode('IE', 'X99').ok).toBe(false);
  });

  it('falls back to a permissive check for countries without a known format', () => {
    expect(checkPostcode('PS', 'P1234567')).toEqual({ ok: true, value: 'P1234567' });
    expect(checkPostcode('KZ', '050000')).toEqual({ ok: true, value: '050000' });
    expect(checkPostcode('PS', 'x')).toMatchObject({ ok: false });
    expect(checkPostcode('PS', '12#45')).toMatchObject({ ok: false });
    expect(checkPostcode('PS', '12345678901')).toMatchObject({ ok: false });
  });

  it('has an example that passes its own rule, for every country with a rule', () => {
    for (const [country, rule] of Object.entries(POSTCODE_RULES)) {
      const first = rule.example.split(' or ')[0] as string;
      expect(checkPostcode(country, first), `${country} ${first}`).toMatchObject({ ok: true });
    }
  });

  it('labels the field the way the country does', () => {
    expect(postcodeInfo('US').label).toBe('ZIP code');
    expect(postcodeInfo('GB').label).toBe('Postcode');
    expect(postcodeInfo('IN').label).toBe('PIN code');
    expect(postcodeInfo('FR').label).toBe('Postal code');
  });
});

describe('states', () => {
  it('requires a listed state where the country uses them, by code, name or other spelling', () => {
    expect(checkState('US', 'ca')).toEqual({ ok: true, value: 'California' });
    expect(checkState('US', 'California')).toEqual({ ok: true, value: 'California' });
    expect(checkState('CA', 'Québec')).toEqual({ ok: true, value: 'Quebec' });
    expect(checkState('BR', 'sao paulo')).toEqual({ ok: true, value: 'São Paulo' });
    expect(checkState('JP', '東京都')).toEqual({ ok: true, value: 'Tokyo' });
    expect(checkState('IN', 'Orissa')).toEqual({ ok: true, value: 'Odisha' });
    expect(checkState('US', '')).toEqual({ ok: false, message: 'Please select a state' });
    expect(checkState('CA', '')).toEqual({ ok: false, message: 'Please select a province' });
    expect(checkState('JP', '')).toEqual({ ok: false, message: 'Please select a prefecture' });
    expect(checkState('US', 'Ontario')).toEqual({ ok: false, message: 'Please select a state from the list' });
  });

  it('offers the UK nations, German states and French regions without requiring them', () => {
    expect(checkState('GB', '')).toEqual({ ok: true, value: '' });
    expect(checkState('DE', 'Bayern')).toEqual({ ok: true, value: 'Bavaria' });
    expect(stateInfo('FR')).toMatchObject({ label: 'Region', required: false });
  });

  it('takes any text, or none, for a country without a list', () => {
    expect(checkState('IT', ' Lombardia ')).toEqual({ ok: true, value: 'Lombardia' });
    expect(checkState('IT', '')).toEqual({ ok: true, value: '' });
    expect(stateInfo('IT')).toEqual({ label: 'State/Province/Region', required: false, options: null });
  });

  it('keeps codes, names and spellings unambiguous within each country', () => {
    for (const [country, set] of Object.entries(SUBDIVISIONS)) {
      for (const entry of set?.list ?? []) {
        expect(findSubdivision(country, entry.code)?.name, `${country} ${entry.code}`).toBe(entry.name);
        expect(findSubdivision(country, entry.name)?.name, `${country} ${entry.name}`).toBe(entry.name);
        for (const alias of entry.aliases ?? []) expect(findSubdivision(country, alias)?.name, alias).toBe(entry.name);
      }
    }
  });

  it('lists states only for countries the shop offers', () => {
    const offered = new Set(listCountries().map((country) => country.iso2));
    for (const country of Object.keys(SUBDIVISIONS)) expect(offered.has(country as never), country).toBe(true);
  });
});
