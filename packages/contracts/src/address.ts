import { z } from 'zod';
import { checkPostcode, checkState } from './address-country-rules';
import { ADDRESS_MAX_PER_SHOPPER } from './address-rules';
import { ZFirstName, ZLastName } from './auth';
import { Messages } from './constants';
import { envelope, listResult } from './envelope';
import { coercedId, key, text } from './fields';
import { checkPhone, findCountry, phoneProblem, toE164 } from './phone';

/**
 * spec 7 "Addresses" and "Settings, currency, map": a shopper's delivery addresses, and the country
 * list and place suggestions behind the address form. The rules here are the form's and the
 * server's: postal codes checked per country, phones with libphonenumber, states where the country
 * uses them.
 */

export {
  COUNTRIES_WITHOUT_POSTCODES,
  checkPostcode,
  checkState,
  POSTCODE_RULES,
  type PostcodeInfo,
  type PostcodeLabel,
  postcodeInfo,
  type StateInfo,
  stateInfo,
} from './address-country-rules';
export { ADDRESS_MAX_PER_SHOPPER, addressLines } from './address-rules';
export {
  MAP_QUERY_MAX_LENGTH,
  MAP_SUGGESTIONS_PAGE_SIZE_DEFAULT,
  MAP_SUGGESTIONS_PAGE_SIZE_MAX,
  type TMapCountry,
  type TPlaceSuggestion,
  type TPlaceSuggestPage,
  type TPlaceSuggestQuery,
  ZMapCountry,
  ZMapIndexQuery,
  ZMapIndexResponse,
  ZPlaceSuggestion,
  ZPlaceSuggestQuery,
  ZPlaceSuggestResponse,
} from './map';

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
