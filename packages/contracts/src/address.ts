import { z } from 'zod';
import { findSubdivision, type SubdivisionSet, subdivisionsOf } from './address-regions';
import { ADDRESS_MAX_PER_SHOPPER } from './address-rules';
import { ZFirstName, ZLastName } from './auth';
import { Messages } from './constants';
import { envelope, listResult } from './envelope';
import { coercedId, key, text, wholeNumber } from './fields';
import { checkPhone, findCountry, phoneProblem, toE164 } from './phone';

/**
 * spec 7 "Addresses" and "Settings, currency, map": a shopper's delivery addresses, and the country
 * list and place suggestions behind the address form. The rules here are the form's and the
 * server's: postal codes checked per country, phones with libphonenumber, states where the country
 * uses them.
 */

export { ADDRESS_MAX_PER_SHOPPER, addressLines } from './address-rules';

export const AddressMessages = {
  countryRequired: 'Please select a country',
  countryUnknown: 'Please select a country from the list',
  cityRequired: 'Please enter city',
  address1Required: 'Please enter the street address',
  phoneRequired: 'Please enter phone number',
  notFound: 'Address not found',
  tooMany: `You can save up to ${ADDRESS_MAX_PER_SHOPPER} addresses. Please delete one before adding another.`,
  added: 'Address added',
  saved: 'Address saved',
  deleted: 'Address deleted',
  defaultSet: 'Default address updated',
} as const;

// ---------------------------------------------------------------- postal codes

export type PostcodeLabel = 'ZIP code' | 'Postal code' | 'Postcode' | 'PIN code' | 'CEP' | 'Eircode';

type PostcodeRule = {
  /** matched against the code in capitals without spaces or hyphens */
  compact: RegExp;
  example: string;
  label?: PostcodeLabel;
  /** the stored form, from the compact one */
  format?: (compact: string) => string;
  /** the country has codes but addresses often go without */
  optional?: boolean;
};

const split =
  (at: number, separator: string) =>
  (compact: string): string =>
    at > 0
      ? `${compact.slice(0, at)}${separator}${compact.slice(at)}`
      : `${compact.slice(0, compact.length + at)}${separator}${compact.slice(at)}`;
/** A country prefix written before the digits ('LV-1010'), whether or not it was typed. */
const prefixed = (prefix: string, separator: string) => (compact: string) =>
  `${prefix}${separator}${compact.startsWith(prefix) ? compact.slice(prefix.length) : compact}`;
const digits = (count: number, example: string, extra: Partial<PostcodeRule> = {}): PostcodeRule => ({
  compact: new RegExp(`^\\d{${count}}$`),
  example,
  ...extra,
});

const usZip: PostcodeRule = {
  compact: /^\d{5}(\d{4})?$/,
  example: '94105 or 94105-1234',
  label: 'ZIP code',
  format: (c) => (c.length === 9 ? `${c.slice(0, 5)}-${c.slice(5)}` : c),
};
const ukPostcode: PostcodeRule = {
  compact: /^(GIR0AA|[A-PR-UWYZ](\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRVWXY])\d[ABD-HJLNP-UW-Z]{2})$/,
  example: 'SW1A 1AA',
  label: 'Postcode',
  format: split(-3, ' '),
};
/** A British territory with one postcode for the whole place. */
const singleUk = (code: string): PostcodeRule => ({
  compact: new RegExp(`^${code}$`),
  example: split(-3, ' ')(code),
  label: 'Postcode',
  format: split(-3, ' '),
});
const frenchOverseas = (prefix: string): PostcodeRule => ({
  compact: new RegExp(`^${prefix}\\d{${5 - prefix.length}}$`),
  example: `${prefix}${'0'.repeat(5 - prefix.length - 1)}1`,
});
const threeTwo = (example: string) => digits(5, example, { format: split(3, ' ') });

/** The postal code formats of the countries the shop ships to most; others get a permissive check. */
export const POSTCODE_RULES: Readonly<Record<string, PostcodeRule>> = {
  US: usZip,
  PR: usZip,
  GU: usZip,
  VI: usZip,
  AS: usZip,
  MP: usZip,
  MH: usZip,
  FM: usZip,
  PW: usZip,
  CA: {
    compact: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/,
    example: 'K1A 0B1',
    format: split(3, ' '),
  },
  GB: ukPostcode,
  GG: ukPostcode,
  JE: ukPostcode,
  IM: ukPostcode,
  GI: singleUk('GX111AA'),
  SH: singleUk('STHL1ZZ'),
  TA: singleUk('TDCU1ZZ'),
  AC: singleUk('ASCN1ZZ'),
  FK: singleUk('FIQQ1ZZ'),
  IO: singleUk('BBND1ZZ'),
  TC: singleUk('TKCA1ZZ'),
  IE: {
    compact: /^([AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}$/,
    example: 'D02 X285',
    label: 'Eircode',
    format: split(3, ' '),
    optional: true,
  },
  DE: digits(5, '10115'),
  FR: digits(5, '75008'),
  MC: { compact: /^980\d{2}$/, example: '98000' },
  IT: digits(5, '00144'),
  SM: { compact: /^4789\d$/, example: '47890' },
  VA: { compact: /^00120$/, example: '00120' },
  ES: { compact: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28013' },
  AD: { compact: /^(AD)?\d{3}$/, example: 'AD500', format: prefixed('AD', '') },
  PT: digits(7, '1100-148', { format: split(4, '-') }),
  NL: { compact: /^[1-9]\d{3}[A-Z]{2}$/, example: '1012 AB', format: split(4, ' ') },
  BE: digits(4, '1000'),
  LU: { compact: /^(L)?\d{4}$/, example: '1009', format: (c) => c.replace(/^L/, '') },
  CH: digits(4, '8001'),
  LI: { compact: /^94(8[5-9]|9[0-8])$/, example: '9490' },
  AT: digits(4, '1010'),
  DK: digits(4, '1050'),
  FO: { compact: /^(FO)?\d{3}$/, example: '100', format: (c) => c.replace(/^FO/, '') },
  GL: { compact: /^39\d{2}$/, example: '3900' },
  NO: digits(4, '0150'),
  SJ: digits(4, '9170'),
  SE: threeTwo('114 55'),
  FI: digits(5, '00100'),
  AX: { compact: /^(AX)?22\d{3}$/, example: '22100', format: (c) => c.replace(/^AX/, '') },
  IS: digits(3, '101'),
  EE: digits(5, '10111'),
  LV: { compact: /^(LV)?\d{4}$/, example: 'LV-1010', format: prefixed('LV', '-') },
  LT: { compact: /^(LT)?\d{5}$/, example: 'LT-01100', format: prefixed('LT', '-') },
  PL: digits(5, '00-950', { format: split(2, '-') }),
  CZ: threeTwo('110 00'),
  SK: threeTwo('811 01'),
  GR: threeTwo('106 82'),
  HU: digits(4, '1051'),
  SI: digits(4, '1000'),
  HR: digits(5, '10000'),
  BA: digits(5, '71000'),
  RS: digits(5, '11000'),
  ME: digits(5, '81000'),
  XK: digits(5, '10000'),
  MK: digits(4, '1000'),
  AL: digits(4, '1001'),
  BG: digits(4, '1000'),
  RO: digits(6, '010011'),
  MD: { compact: /^(MD)?\d{4}$/, example: 'MD-2001', format: prefixed('MD', '-') },
  UA: digits(5, '01001'),
  BY: digits(6, '220030'),
  RU: digits(6, '101000'),
  GE: digits(4, '0105'),
  AM: digits(4, '0010'),
  AZ: { compact: /^(AZ)?\d{4}$/, example: 'AZ 1000', format: prefixed('AZ', ' ') },
  TR: digits(5, '34000'),
  CY: digits(4, '1010'),
  MT: { compact: /^[A-Z]{3}\d{2,4}$/, example: 'VLT 1117', format: split(3, ' ') },
  IL: digits(7, '6100000'),
  SA: { compact: /^\d{5}(\d{4})?$/, example: '11564', format: (c) => (c.length === 9 ? split(5, '-')(c) : c) },
  IQ: digits(5, '10001'),
  JO: digits(5, '11118'),
  KW: digits(5, '13001'),
  OM: digits(3, '100'),
  BH: { compact: /^\d{3,4}$/, example: '317' },
  IR: digits(10, '11369-14651', { format: split(5, '-') }),
  AF: digits(4, '1001'),
  PK: digits(5, '44000'),
  IN: { compact: /^[1-9]\d{5}$/, example: '110001', label: 'PIN code' },
  BD: digits(4, '1000'),
  LK: digits(5, '00100'),
  NP: digits(5, '44600'),
  BT: digits(5, '11001'),
  MV: digits(5, '20026'),
  KZ: { compact: /^(\d{6}|[A-Z]\d{2}[A-Z]\d[A-Z]\d)$/, example: '050000' },
  UZ: digits(6, '100000'),
  KG: digits(6, '720001'),
  TJ: digits(6, '734000'),
  TM: digits(6, '744000'),
  MN: digits(5, '14200'),
  JP: digits(7, '100-0001', { format: split(3, '-') }),
  KR: digits(5, '03187'),
  TW: { compact: /^\d{3}(\d{2,3})?$/, example: '100' },
  SG: digits(6, '018956'),
  MY: digits(5, '50088'),
  BN: { compact: /^[A-Z]{2}\d{4}$/, example: 'BS8811' },
  TH: digits(5, '10110'),
  VN: digits(6, '100000'),
  KH: { compact: /^\d{5,6}$/, example: '120101' },
  LA: digits(5, '01000'),
  MM: digits(5, '11181'),
  ID: digits(5, '10110'),
  PH: digits(4, '1000'),
  AU: digits(4, '2000'),
  CX: { compact: /^6798$/, example: '6798' },
  CC: { compact: /^6799$/, example: '6799' },
  NF: { compact: /^2899$/, example: '2899' },
  NZ: digits(4, '6011'),
  PG: digits(3, '111'),
  NC: frenchOverseas('988'),
  PF: frenchOverseas('987'),
  WF: frenchOverseas('986'),
  GP: frenchOverseas('971'),
  MQ: frenchOverseas('972'),
  GF: frenchOverseas('973'),
  RE: frenchOverseas('974'),
  YT: frenchOverseas('976'),
  PM: { compact: /^97500$/, example: '97500' },
  BL: { compact: /^97133$/, example: '97133' },
  MF: { compact: /^97150$/, example: '97150' },
  MX: digits(5, '06600'),
  GT: digits(5, '01001'),
  CR: digits(5, '10101'),
  DO: digits(5, '10101'),
  CU: digits(5, '10400'),
  HT: { compact: /^(HT)?\d{4}$/, example: 'HT6110', format: prefixed('HT', '') },
  BR: digits(8, '01310-100', { label: 'CEP', format: split(5, '-') }),
  AR: { compact: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/, example: 'C1002AAR or 1002' },
  CL: digits(7, '8320000'),
  CO: digits(6, '110111'),
  PE: digits(5, '15001'),
  EC: digits(6, '170150'),
  UY: digits(5, '11000'),
  VE: digits(4, '1010'),
  ZA: digits(4, '8001'),
  EG: digits(5, '11511'),
  MA: digits(5, '10000'),
  DZ: digits(5, '16000'),
  TN: digits(4, '1000'),
  SD: digits(5, '11111'),
  ET: digits(4, '1000'),
  KE: digits(5, '00100'),
  TZ: digits(5, '11101', { optional: true }),
  NG: digits(6, '100001', { optional: true }),
  SN: digits(5, '10200'),
  MG: digits(3, '101'),
  MU: digits(5, '11302'),
  MZ: digits(4, '1100'),
  ZM: digits(5, '10101', { optional: true }),
  NA: digits(5, '10001', { optional: true }),
  LS: digits(3, '100'),
  SZ: { compact: /^[A-Z]\d{3}$/, example: 'H100' },
  LR: digits(4, '1000'),
  GN: digits(3, '001'),
  GW: digits(4, '1000'),
  CV: digits(4, '7600'),
  NE: digits(4, '8001'),
  KY: { compact: /^KY\d{5}$/, example: 'KY1-1100', format: split(3, '-') },
  VG: { compact: /^VG11[1-6]\d$/, example: 'VG1110' },
  VC: { compact: /^VC\d{4}$/, example: 'VC0100', optional: true },
  LC: { compact: /^LC\d{5}$/, example: 'LC05 101', format: split(4, ' '), optional: true },
  BM: { compact: /^[A-Z]{2}([A-Z]{2}|\d{2})$/, example: 'HM 12', format: split(2, ' ') },
  AI: { compact: /^(AI)?2640$/, example: 'AI-2640', format: prefixed('AI', '-'), optional: true },
  TT: digits(6, '100000', { optional: true }),
  PA: digits(4, '0801', { optional: true }),
};

/** Countries whose addresses have no postal code: an empty one is accepted. */
export const COUNTRIES_WITHOUT_POSTCODES: ReadonlySet<string> = new Set(
  (
    'AE AG AO AW BB BF BI BJ BO BQ BS BW BZ CD CF CG CI CK CM CW DJ DM EH ER FJ GA GD GH GM GQ GY HK HN JM KI KM KN KP ' +
    'LB LY ML MO MR MS MW NI NR NU PS PY QA RW SB SC SL SO SR SS ST SV SX SY TD TG TK TL TO TV UG VU WS YE ZW'
  ).split(' '),
);

/** A code anywhere else: letters and digits, 2 to 10 of them, with spaces or hyphens between. */
const FALLBACK_POSTCODE = /^[A-Z0-9]{2,10}$/;

export type PostcodeInfo = {
  label: PostcodeLabel;
  example: string | null;
  /** false where an empty code is accepted */
  required: boolean;
};

/** How the form labels the postal code for a country, and whether it asks for one. */
export function postcodeInfo(country: string): PostcodeInfo {
  const iso2 = country.toUpperCase();
  const rule = POSTCODE_RULES[iso2];
  return {
    label: rule?.label ?? 'Postal code',
    example: rule?.example ?? null,
    required: !(rule?.optional || COUNTRIES_WITHOUT_POSTCODES.has(iso2)),
  };
}

const lowerLabel = (label: PostcodeLabel) => (label === 'Postal code' || label === 'Postcode' ? label.toLowerCase() : label);

/** The code as it is stored (capitals, the country's spacing), or the message saying why it is not one. */
export function checkPostcode(country: string, typed: string): { ok: true; value: string } | { ok: false; message: string } {
  const iso2 = country.toUpperCase();
  const rule = POSTCODE_RULES[iso2];
  const info = postcodeInfo(iso2);
  const written = typed.trim().toUpperCase().replace(/\s+/g, ' ');
  const compact = written.replace(/[\s-]/g, '');
  if (!compact) {
    return info.required ? { ok: false, message: `Please enter ${lowerLabel(info.label)}` } : { ok: true, value: '' };
  }
  if (rule) {
    if (rule.compact.test(compact)) return { ok: true, value: rule.format ? rule.format(compact) : compact };
    return { ok: false, message: `Please enter a valid ${lowerLabel(info.label)}, e.g. ${rule.example}` };
  }
  if (/^[A-Z0-9 -]+$/.test(written) && FALLBACK_POSTCODE.test(compact)) return { ok: true, value: written };
  return { ok: false, message: `Please enter a valid ${lowerLabel(info.label)} (2 to 10 letters or digits)` };
}

// ---------------------------------------------------------------- states

export type StateInfo = {
  label: SubdivisionSet['label'] | 'State/Province/Region';
  required: boolean;
  /** the choices, when the country has a list */
  options: readonly { code: string; name: string }[] | null;
};

export function stateInfo(country: string): StateInfo {
  const set = subdivisionsOf(country);
  if (!set) return { label: 'State/Province/Region', required: false, options: null };
  return { label: set.label, required: set.required, options: set.list };
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** The state as it is stored (the list's name for a listed one), or the message saying why it is not one. */
export function checkState(country: string, typed: string): { ok: true; value: string } | { ok: false; message: string } {
  const info = stateInfo(country);
  const trimmed = typed.trim().replace(/\s+/g, ' ');
  const noun = info.label.toLowerCase();
  if (!trimmed) {
    return info.required ? { ok: false, message: `Please select ${article(noun)} ${noun}` } : { ok: true, value: '' };
  }
  if (!info.options) return { ok: true, value: trimmed };
  const found = findSubdivision(country, trimmed);
  return found ? { ok: true, value: found.name } : { ok: false, message: `Please select ${article(noun)} ${noun} from the list` };
}

// ---------------------------------------------------------------- the address

/** What cleaning leaves that a one-line field still may not hold: line breaks, tabs and DEL. */
const LINE_BREAKS_AND_DEL = /[\t\n\r\u007f]/;

/** A one-line address field: free text cleaned as everywhere (fields.ts); a line break is refused. */
const line = (field: string, max: number, missing = `${field} must be text`) =>
  text({ error: missing })
    .trim()
    .max(max, `${field} is too long (${max} characters at most)`)
    .refine((value) => !LINE_BREAKS_AND_DEL.test(value), `${field} contains characters that are not allowed`);

const requiredText = (field: string, max: number, message: string) => line(field, max, message).min(1, message);

const ZCountryCode = z
  .string({ error: AddressMessages.countryRequired })
  .trim()
  .min(1, AddressMessages.countryRequired)
  .toUpperCase()
  .refine((iso2) => /^[A-Z]{2}$/.test(iso2) && findCountry(iso2) !== undefined, AddressMessages.countryUnknown);

/** 0/1 as the API writes booleans; true/false are read too. */
const ZFlag = z
  .union([z.literal(0), z.literal(1), z.boolean()], { error: 'is_default must be 0 or 1' })
  .default(0)
  .transform((value): 0 | 1 => (value === true || value === 1 ? 1 : 0));

const addressFields = {
  first_name: ZFirstName,
  last_name: ZLastName,
  country: ZCountryCode,
  state: line('State', 80).default(''),
  city: requiredText('City', 80, AddressMessages.cityRequired),
  address1: requiredText('Address', 200, AddressMessages.address1Required),
  address2: line('Address line 2', 200).default(''),
  postcode: line('Postal code', 16).default(''),
};

type CountryDependent = { country: string; state: string; postcode: string };

/** The rules that depend on the country: its state and its postal code. */
function countryRules(value: CountryDependent, ctx: z.RefinementCtx) {
  if (!findCountry(value.country)) return; // the country has its own message
  const state = checkState(value.country, value.state);
  if (!state.ok) ctx.addIssue({ code: 'custom', path: ['state'], message: state.message });
  const postcode = checkPostcode(value.country, value.postcode);
  if (!postcode.ok) ctx.addIssue({ code: 'custom', path: ['postcode'], message: postcode.message });
}

function phoneRule(fullNumber: string, ctx: z.RefinementCtx, path: string) {
  if (!fullNumber.replace(/^\+/, '').trim()) {
    ctx.addIssue({ code: 'custom', path: [path], message: AddressMessages.phoneRequired });
    return;
  }
  const problem = phoneProblem(fullNumber);
  if (problem === 'format') ctx.addIssue({ code: 'custom', path: [path], message: Messages.phoneFormatInvalid });
  else if (problem === 'invalid') ctx.addIssue({ code: 'custom', path: [path], message: Messages.phoneInvalid });
}

/** The stored form of checked values: capitals, the list's state name, the country's postcode spacing, E.164. */
function canonical<T extends CountryDependent & { phone: string }>(value: T): T {
  const state = checkState(value.country, value.state);
  const postcode = checkPostcode(value.country, value.postcode);
  return {
    ...value,
    state: state.ok ? state.value : value.state,
    postcode: postcode.ok ? postcode.value : value.postcode,
    phone: toE164(value.phone),
  };
}

const ZPhone = z.string({ error: AddressMessages.phoneRequired }).trim().max(24, Messages.phoneFormatInvalid);

const addressObject = z.object({ ...addressFields, phone: ZPhone, is_default: ZFlag });

/** POST /shop/userAddress/add: `phone` is the full number with its dial code ('+12025550143'). */
export const ZAddressAddRequest = addressObject
  .superRefine((value, ctx) => {
    phoneRule(value.phone, ctx, 'phone');
    countryRules(value, ctx);
  })
  .transform(canonical);
export type TAddressAddRequest = z.input<typeof ZAddressAddRequest>;
export type TAddressInput = z.output<typeof ZAddressAddRequest>;

const ZAddressId = coercedId('id');

/** POST /shop/userAddress/edit: the whole address again, with its id. */
export const ZAddressEditRequest = addressObject
  .extend({ id: ZAddressId })
  .superRefine((value, ctx) => {
    phoneRule(value.phone, ctx, 'phone');
    countryRules(value, ctx);
  })
  .transform(canonical);
export type TAddressEditRequest = z.input<typeof ZAddressEditRequest>;

/** POST /shop/userAddress/delete and POST /shop/user_address/setDefault. */
export const ZAddressIdRequest = z.object({ id: ZAddressId });
/** GET /shop/userAddress/detail?id= */
export const ZAddressDetailQuery = z.object({ id: ZAddressId });
/** GET /shop/userAddress: the signed-in shopper's addresses (spec 7 names a user_id; the token decides). */
export const ZAddressListQuery = z.object({ user_id: key('user_id').max(20).optional() });

/** What the API answers for an address. */
export const ZAddress = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  country: z.string(),
  country_name: z.string(),
  state: z.string(),
  city: z.string(),
  address1: z.string(),
  address2: z.string(),
  postcode: z.string(),
  is_default: z.union([z.literal(0), z.literal(1)]),
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type TAddress = z.infer<typeof ZAddress>;
export const ZAddressResponse = envelope(ZAddress);
export const ZAddressListResponse = envelope(listResult(ZAddress));
export type TAddressList = { data: TAddress[]; total: number };

// ---------------------------------------------------------------- the form

/**
 * The address form keeps the phone as the picker does: a country and the number without its dial
 * code. The checks are the request's, on the joined number.
 */
export const ZAddressForm = z
  .object({
    ...addressFields,
    phone_country: z.string().trim().length(2, 'Please choose the country of the phone number'),
    phone: z.string().trim().max(24, Messages.phoneFormatInvalid),
    is_default: z.boolean(),
  })
  .superRefine((value, ctx) => {
    const country = findCountry(value.phone_country);
    phoneRule(country && value.phone ? checkPhone(country, value.phone).fullNumber : value.phone, ctx, 'phone');
    countryRules(value, ctx);
  });
export type TAddressForm = z.input<typeof ZAddressForm>;

/** The request of a filled-in form. */
export function addressPayload(form: TAddressForm): TAddressAddRequest {
  const country = findCountry(form.phone_country);
  return {
    first_name: form.first_name,
    last_name: form.last_name,
    phone: country ? toE164(checkPhone(country, form.phone).fullNumber) : form.phone,
    country: form.country,
    state: form.state ?? '',
    city: form.city,
    address1: form.address1,
    address2: form.address2 ?? '',
    postcode: form.postcode ?? '',
    is_default: form.is_default ? 1 : 0,
  };
}

// ---------------------------------------------------------------- map: countries and place suggestions

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
