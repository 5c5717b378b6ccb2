import type { TMapCountry, TPlaceSuggestPage } from '@shop/contracts/address';
import { SUBDIVISIONS } from '@shop/contracts/address-regions';
import { listCountries, PREFERRED_COUNTRIES } from '@shop/contracts/phone';
import { describe, expect, it } from 'vitest';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { COUNTRY_ALIASES, MAJOR_CITIES } from './data/places';

let t: TestApp;

appPerFile((made) => {
  t = made;
});

const countries = (query = '') => injectAs(t, null).get<{ data: TMapCountry[]; total: number }>(`/api/map/index${query}`);

const suggest = (query: Record<string, string | number>) => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return injectAs(t, null).get<TPlaceSuggestPage>(`/api/map/google/address?${search}`);
};
const descriptions = (page: TPlaceSuggestPage) => page.data.map((place) => place.description);

describe('GET /api/map/index', () => {
  it('lists every country the shop offers, preferred first, with what the address form needs', async () => {
    const list = await countries();
    expect(list.status).toBe(200);
    expect(list.response.headers['cache-control']).toBe('public, max-age=3600');
    expect(list.result.total).toBe(listCountries().length);
    expect(list.result.data.slice(0, PREFERRED_COUNTRIES.length).map((c) => c.iso2)).toEqual([...PREFERRED_COUNTRIES]);
    expect(list.result.data.some((c) => c.iso2 === 'CN')).toBe(false);
    const us = list.result.data.find((c) => c.iso2 === 'US');
    expect(us).toMatchObject({
      name: 'United States',
      cn_name: '美国',
      dialCode: '1',
      priority: 0,
      has_states: 1,
      state_required: 1,
      state_label: 'State',
      has_postcode: 1,
      postcode_required: 1,
      postcode_label: 'ZIP code',
      postcode_example: '94105 or 94105-1234',
    });
    expect(us?.states).toContainEqual({ code: 'CA', name: 'California' });
    expect(list.result.data.find((c) => c.iso2 === 'AE')).toMatchObject({
      has_states: 0,
      states: [],
      has_postcode: 0,
      postcode_required: 0,
    });
  });

  it('answers one country by its code, and nothing for an unknown one', async () => {
    const gb = await countries('?iso2=gb');
    expect(gb.result.total).toBe(1);
    expect(gb.result.data[0]).toMatchObject({
      iso2: 'GB',
      state_label: 'Nation',
      state_required: 0,
      postcode_label: 'Postcode',
    });
    expect((await countries('?iso2=ZZ')).result).toEqual({ data: [], total: 0 });
    const bad = await countries('?iso2=123');
    expect(bad.status).toBe(400);
    expect(bad.result).toEqual({ fields: { iso2: 'iso2 must be a two-letter country code' } });
  });
});

describe('GET /api/map/google/address', () => {
  it('suggests cities from what is typed, with the state and country they fill in', async () => {
    const suggested = await suggest({ address: 'san fr' });
    expect(suggested.status).toBe(200);
    expect(suggested.result.data[0]).toEqual({
      id: 'city:US-CA:san-francisco',
      type: 'city',
      description: 'San Francisco, California, United States',
      main_text: 'San Francisco',
      secondary_text: 'California, United States',
      city: 'San Francisco',
      state: 'California',
      country: 'US',
      country_name: 'United States',
      street: '',
    });
  });

  it('reads the place after the street and hands the street back', async () => {
    const suggested = await suggest({ address: '1 Market St, San Fr' });
    expect(suggested.result.data[0]).toMatchObject({ city: 'San Francisco', street: '1 Market St' });
    const berlin = await suggest({ address: 'Unter den Linden 77, 10117 Berlin' });
    expect(berlin.result.data[0]).toMatchObject({ city: 'Berlin', country: 'DE', street: 'Unter den Linden 77' });
  });

  it('narrows by the state or country written after the city', async () => {
    expect(descriptions((await suggest({ address: 'Springfield, IL' })).result)).toEqual([
      'Springfield, Illinois, United States',
    ]);
    expect(descriptions((await suggest({ address: 'portland maine' })).result)).toEqual(['Portland, Maine, United States']);
    expect(descriptions((await suggest({ address: 'london canada' })).result)).toEqual(['London, Ontario, Canada']);
  });

  it('knows other names, accents or none, and finds states and countries', async () => {
    expect((await suggest({ address: 'munchen' })).result.data[0]).toMatchObject({
      description: 'Munich, Bavaria, Germany',
      state: 'Bavaria',
    });
    expect((await suggest({ address: 'Sao Paulo' })).result.data[0]).toMatchObject({
      city: 'São Paulo',
      state: 'São Paulo',
    });
    const tokyo = (await suggest({ address: 'tokyo' })).result.data;
    expect(tokyo.slice(0, 2)).toMatchObject([
      { type: 'city', description: 'Tokyo, Japan', secondary_text: 'Japan', city: 'Tokyo', state: 'Tokyo' },
      { type: 'state', description: 'Tokyo, Japan', secondary_text: 'Prefecture in Japan', city: '', state: 'Tokyo' },
    ]);
    expect(descriptions((await suggest({ address: 'mexico' })).result).slice(0, 2)).toEqual([
      'Mexico',
      'Mexico City, Ciudad de México, Mexico',
    ]);
    // a code alone names no place ('st' is no Saxony-Anhalt), but narrows one
    expect((await suggest({ address: 'st' })).result.data.some((place) => place.state === 'Saxony-Anhalt')).toBe(false);
    expect((await suggest({ address: 'ontario' })).result.data[0]).toMatchObject({
      type: 'state',
      city: '',
      state: 'Ontario',
      country: 'CA',
    });
    expect((await suggest({ address: 'united kingdom' })).result.data[0]).toMatchObject({
      type: 'country',
      description: 'United Kingdom',
      country: 'GB',
      state: '',
    });
    expect((await suggest({ address: 'UAE' })).result.data[0]).toMatchObject({ country: 'AE' });
  });

  it('puts the places of the chosen country first', async () => {
    expect((await suggest({ address: 'london' })).result.data[0]?.country).toBe('GB');
    expect((await suggest({ address: 'london', country: 'CA' })).result.data[0]).toMatchObject({
      city: 'London',
      country: 'CA',
    });
  });

  it('pages through the matches with a total', async () => {
    const first = (await suggest({ address: 'san', page: 1, page_size: 3 })).result;
    const second = (await suggest({ address: 'san', page: 2, page_size: 3 })).result;
    expect(first.data).toHaveLength(3);
    expect(first.total).toBeGreaterThan(6);
    expect(second.total).toBe(first.total);
    expect(second.data.map((place) => place.id)).not.toEqual(expect.arrayContaining(first.data.map((place) => place.id)));
    const beyond = (await suggest({ address: 'san', page: 1000, page_size: 50 })).result;
    expect(beyond).toEqual({ data: [], total: first.total });
  });

  it('answers nothing for nothing, or for numbers or words that name no place', async () => {
    for (const address of ['', '   ', ',,', '94105', '1 Qwertyuiop St']) {
      expect((await suggest({ address })).result, address).toEqual({ data: [], total: 0 });
    }
    const none = await injectAs(t, null).get('/api/map/google/address');
    expect(none.result).toEqual({ data: [], total: 0 });
  });

  it('refuses malformed queries with the field’s message', async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ address: 'x'.repeat(201) }, 'address', 'address must be at most 200 characters'],
      [{ address: 'a', page: 0 }, 'page', 'page must be at least 1'],
      [{ address: 'a', page_size: 51 }, 'page_size', 'page_size must be at most 50'],
      [{ address: 'a', page_size: 'ten' }, 'page_size', 'page_size must be a number'],
      [{ address: 'a', country: 'USA' }, 'country', 'country must be a two-letter country code'],
    ];
    for (const [query, field, message] of cases) {
      const refused = await suggest(query);
      expect(refused.status).toBe(400);
      expect(refused.result).toEqual({ fields: { [field]: message } });
    }
  });
});

describe('the bundled places', () => {
  const offered = new Set<string>(listCountries().map((country) => country.iso2));

  it('has major cities for every country the shop offers, and only for those', () => {
    for (const iso2 of offered) expect(MAJOR_CITIES[iso2]?.trim(), iso2).toBeTruthy();
    for (const iso2 of [...Object.keys(MAJOR_CITIES), ...Object.keys(COUNTRY_ALIASES)])
      expect(offered.has(iso2), iso2).toBe(true);
  });

  it('gives a city a state only from its country’s list, and one to every city of a country with required states', () => {
    for (const [iso2, cities] of Object.entries(MAJOR_CITIES)) {
      const set = SUBDIVISIONS[iso2];
      for (const entry of cities.split(';').map((city) => city.trim())) {
        const [names = '', code] = entry.split('|');
        expect(names.trim(), `${iso2}: ${entry}`).not.toBe('');
        if (code)
          expect(
            set?.list.some((state) => state.code === code),
            `${iso2}: ${entry}`,
          ).toBe(true);
        else expect(set?.required ?? false, `${iso2}: ${entry} needs a state`).toBe(false);
      }
    }
  });
});
