import { findSubdivision, type SubdivisionSet, subdivisionsOf } from './address-regions';

/**
 * The rules of an address that depend on its country: the postal code's format and label per
 * country (a permissive check elsewhere) and the state, from the country's list where it has one.
 */

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
