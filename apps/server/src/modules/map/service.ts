import {
  COUNTRIES_WITHOUT_POSTCODES,
  postcodeInfo,
  stateInfo,
  type TMapCountry,
  type TPlaceSuggestion,
  type TPlaceSuggestPage,
} from '@shop/contracts/address';
import { foldForMatch, SUBDIVISIONS } from '@shop/contracts/address-regions';
import { type Country, listCountries } from '@shop/contracts/phone';
import { COUNTRY_ALIASES, MAJOR_CITIES } from './data/places';

type PlaceType = TPlaceSuggestion['type'];

/** A place that can be suggested, with its names folded for matching once. */
type Place = {
  id: string;
  type: PlaceType;
  name: string;
  /** the place's own names, folded: its name first, then other spellings (codes only count as context) */
  names: string[];
  /** every word of the place and of what it lies in (state, country), folded, for the rest of a query */
  words: string[];
  city: string;
  state: string;
  country: Country;
  /** bigger or better known first, within its country and type */
  rank: number;
  /** the country's place in the shop's country list (preferred countries first) */
  countryRank: number;
};

const TYPE_ORDER: Record<PlaceType, number> = { city: 0, state: 1, country: 2 };

const wordsOf = (texts: readonly string[]) => [
  ...new Set(texts.flatMap((text) => foldForMatch(text).split(' ')).filter(Boolean)),
];

const slug = (text: string) => foldForMatch(text).replace(/ /g, '-');

/** Every country, its states and its major cities, built once. */
function buildPlaces(countries: Country[]): Place[] {
  const places: Place[] = [];
  countries.forEach((country, countryRank) => {
    const countryNames = [country.name, country.cnName, ...(COUNTRY_ALIASES[country.iso2] ?? [])];
    const countryWords = wordsOf([...countryNames, country.iso2]);
    places.push({
      id: `country:${country.iso2}`,
      type: 'country',
      name: country.name,
      names: countryNames.map(foldForMatch).filter(Boolean),
      words: countryWords,
      city: '',
      state: '',
      country,
      rank: 0,
      countryRank,
    });
    const states = SUBDIVISIONS[country.iso2]?.list ?? [];
    states.forEach((state, rank) => {
      const own = [state.name, ...(state.aliases ?? [])];
      places.push({
        id: `state:${country.iso2}-${state.code}`,
        type: 'state',
        name: state.name,
        names: own.map(foldForMatch).filter(Boolean),
        words: [...new Set([...wordsOf([...own, state.code]), ...countryWords])],
        city: '',
        state: state.name,
        country,
        rank,
        countryRank,
      });
    });
    const cities = (MAJOR_CITIES[country.iso2] ?? '').split(';').map((entry) => entry.trim());
    cities.filter(Boolean).forEach((entry, rank) => {
      const [spellings = '', stateCode] = entry.split('|');
      const own = spellings.split('=').map((name) => name.trim());
      const name = own[0] ?? '';
      const state = stateCode ? states.find((candidate) => candidate.code === stateCode) : undefined;
      const stateNames = state ? [state.name, state.code, ...(state.aliases ?? [])] : [];
      places.push({
        id: `city:${country.iso2}${state ? `-${state.code}` : ''}:${slug(name)}`,
        type: 'city',
        name,
        names: own.map(foldForMatch).filter(Boolean),
        words: [...new Set([...wordsOf([...own, ...stateNames]), ...countryWords])],
        city: name,
        state: state?.name ?? '',
        country,
        rank,
        countryRank,
      });
    });
  });
  return places;
}

/**
 * How well a place's own names answer the query's words, lower is better: a name is the words, a
 * name starts with them, a name starts with the first words (the rest name where it lies), a later
 * word of a name starts with the first word; at each step its own name before its other names.
 * Null when its names do not match at all.
 */
function nameScore(place: Place, tokens: string[]): number | null {
  let best: number | null = null;
  for (const [at, name] of place.names.entries()) {
    const other = at === 0 ? 0 : 0.5;
    for (let count = tokens.length; count >= 1; count -= 1) {
      const lead = tokens.slice(0, count).join(' ');
      const whole = count === tokens.length;
      // the last word may still be being typed; earlier words are whole
      const found = name === lead ? (whole ? 0 : 2) : name.startsWith(whole ? lead : `${lead} `) ? (whole ? 1 : 2) : null;
      if (found !== null) {
        const score = found + other;
        best = Math.min(best ?? score, score);
        break;
      }
    }
    if (name.split(' ').some((word) => word.startsWith(tokens[0] as string))) best = Math.min(best ?? 3 + other, 3 + other);
  }
  return best;
}

const everyTokenFound = (place: Place, tokens: string[]) =>
  tokens.every((token) => place.words.some((word) => word.startsWith(token)));

function present(place: Place, street: string): TPlaceSuggestion {
  // 'Tokyo, Japan' rather than 'Tokyo, Tokyo, Japan'
  const state = place.type === 'city' && place.state !== place.name ? place.state : '';
  const within = [state, place.type === 'country' ? '' : place.country.name].filter(Boolean);
  // a state says what it is: 'Prefecture in Japan' beside the city 'Tokyo, Japan'
  const label = place.type === 'state' ? SUBDIVISIONS[place.country.iso2]?.label : undefined;
  return {
    id: place.id,
    type: place.type,
    description: [place.name, ...within].join(', '),
    main_text: place.name,
    secondary_text: label ? `${label} in ${place.country.name}` : within.join(', '),
    city: place.city,
    state: place.state,
    country: place.country.iso2,
    country_name: place.country.name,
    street,
  };
}

/**
 * The country list and the place suggestions of the address form (spec 7 "map"), answered from the
 * bundled data. Places in the country the form has chosen come first. A query is read as the address line a shopper types: the part after the last
 * commas that names a place is matched ('1 Market St, San Fr' → San Francisco), and what comes
 * before it is handed back as the street.
 */
export function createMapService() {
  const countries = listCountries();
  const places = buildPlaces(countries);

  const index: TMapCountry[] = countries.map((country) => {
    const states = stateInfo(country.iso2);
    const postcode = postcodeInfo(country.iso2);
    return {
      name: country.name,
      cn_name: country.cnName,
      iso2: country.iso2,
      dialCode: country.dialCode,
      priority: country.priority,
      has_states: states.options ? 1 : 0,
      state_required: states.required ? 1 : 0,
      state_label: states.label,
      states: (states.options ?? []).map(({ code, name }) => ({ code, name })),
      has_postcode: COUNTRIES_WITHOUT_POSTCODES.has(country.iso2) ? 0 : 1,
      postcode_required: postcode.required ? 1 : 0,
      postcode_label: postcode.label,
      postcode_example: postcode.example ?? '',
    };
  });
  const wholeIndex = { data: index, total: index.length };
  const byIso = new Map(index.map((entry) => [entry.iso2, { data: [entry], total: 1 }]));
  const noCountry = { data: [], total: 0 };

  return {
    /** GET /api/map/index: every country the shop offers, or one; the answers are made once and shared. */
    countries(iso2?: string): { data: TMapCountry[]; total: number } {
      if (!iso2) return wholeIndex;
      return byIso.get(iso2) ?? noCountry;
    },

    /** GET /api/map/google/address */
    suggest(query: { address: string; page: number; page_size: number; country?: string }): TPlaceSuggestPage {
      const parts = query.address.split(',');
      for (let from = 0; from < parts.length; from += 1) {
        // house numbers and postcodes name no place here
        const tokens = foldForMatch(parts.slice(from).join(' '))
          .split(' ')
          .filter((token) => token && !/^\d+$/.test(token));
        if (tokens.length === 0) continue;
        const matches: { place: Place; score: number }[] = [];
        for (const place of places) {
          const score = nameScore(place, tokens);
          if (score !== null && everyTokenFound(place, tokens)) matches.push({ place, score });
        }
        if (matches.length === 0) continue;
        const nearby = (place: Place) => (place.country.iso2 === query.country ? 0 : 1);
        const preferred = (place: Place) => (place.country.preferred ? 0 : 1);
        matches.sort(
          (a, b) =>
            a.score - b.score ||
            nearby(a.place) - nearby(b.place) ||
            TYPE_ORDER[a.place.type] - TYPE_ORDER[b.place.type] ||
            preferred(a.place) - preferred(b.place) ||
            a.place.rank - b.place.rank ||
            a.place.countryRank - b.place.countryRank,
        );
        const street = parts.slice(0, from).join(',').trim();
        const start = (query.page - 1) * query.page_size;
        return {
          data: matches.slice(start, start + query.page_size).map(({ place }) => present(place, street)),
          total: matches.length,
        };
      }
      return { data: [], total: 0 };
    },
  };
}

export type MapService = ReturnType<typeof createMapService>;
