import { z } from 'zod';
import { envelope, listResult } from './envelope';
import { text, wholeNumber } from './fields';

/** spec 7 "Settings, currency, map": the country list and the place suggestions behind the address form. */

/** GET /api/map/index: a country as the address form needs it (spec 3 "Country list entry" and more). */
export const ZMapCountry = z.object({
  name: z.string(),
  cn_name: z.string(),
  iso2: z.string(),
  dialCode: z.string(),
  priority: z.number().int(),
  has_states: z.union([z.literal(0), z.literal(1)]),
  state_required: z.union([z.literal(0), z.literal(1)]),
  state_label: z.string(),
  states: z.array(z.object({ code: z.string(), name: z.string() })),
  has_postcode: z.union([z.literal(0), z.literal(1)]),
  postcode_required: z.union([z.literal(0), z.literal(1)]),
  postcode_label: z.string(),
  postcode_example: z.string(),
});
export type TMapCountry = z.infer<typeof ZMapCountry>;
export const ZMapIndexQuery = z.object({
  iso2: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'iso2 must be a two-letter country code')
    .optional(),
});
export const ZMapIndexResponse = envelope(listResult(ZMapCountry));

export const MAP_SUGGESTIONS_PAGE_SIZE_DEFAULT = 10;
export const MAP_SUGGESTIONS_PAGE_SIZE_MAX = 50;
export const MAP_QUERY_MAX_LENGTH = 200;

/** GET /api/map/google/address (spec 7: page, page_size, address). */
export const ZPlaceSuggestQuery = z.object({
  address: text().max(MAP_QUERY_MAX_LENGTH, `address must be at most ${MAP_QUERY_MAX_LENGTH} characters`).default(''),
  page: wholeNumber('page', 1, 1000).default(1),
  page_size: wholeNumber('page_size', 1, MAP_SUGGESTIONS_PAGE_SIZE_MAX).default(MAP_SUGGESTIONS_PAGE_SIZE_DEFAULT),
  /** places in this country first (the country the form has chosen) */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'country must be a two-letter country code')
    .optional(),
});
export type TPlaceSuggestQuery = z.input<typeof ZPlaceSuggestQuery>;

/** One suggestion: a city, a state or a country, with what it fills in. */
export const ZPlaceSuggestion = z.object({
  id: z.string(),
  type: z.enum(['city', 'state', 'country']),
  /** the whole place, 'San Francisco, California, United States' */
  description: z.string(),
  main_text: z.string(),
  secondary_text: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  country_name: z.string(),
  /** what the query held before the place (a street, '1 Market St'), to keep in the address line */
  street: z.string(),
});
export type TPlaceSuggestion = z.infer<typeof ZPlaceSuggestion>;
export const ZPlaceSuggestResponse = envelope(listResult(ZPlaceSuggestion));
export type TPlaceSuggestPage = { data: TPlaceSuggestion[]; total: number };
