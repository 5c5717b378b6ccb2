import { describe, expect, it } from 'vitest';
import {
  AddressMessages,
  addressLines,
  addressPayload,
  type TAddressForm,
  ZAddressAddRequest,
  ZAddressEditRequest,
  ZAddressForm,
} from './address';

const valid = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+12025550143',
  country: 'US',
  state: 'CA',
  city: 'San Francisco',
  address1: '1 Market St',
  address2: 'Suite 300',
  postcode: '94105',
  is_default: 1,
  ...overrides,
});

/** The field messages of a failed parse, as the API's `result.fields` shows them. */
function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const name = issue.path.map(String).join('.');
    fields[name] ??= issue.message;
  }
  return fields;
}

describe('the address request', () => {
  it('accepts a complete address and stores it in its canonical form', () => {
    const parsed = ZAddressAddRequest.parse(
      valid({ country: 'us', state: 'ca', postcode: ' 941051234 ', phone: '+1 (202) 555-0143', first_name: ' Ada ' }),
    );
    expect(parsed).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+12025550143',
      country: 'US',
      state: 'California',
      city: 'San Francisco',
      address1: '1 Market St',
      address2: 'Suite 300',
      postcode: '94105-1234',
      is_default: 1,
    });
  });

  it('makes address2 optional and is_default 0 unless given, reading true/false too', () => {
    const { address2: _, is_default: __, ...rest } = valid();
    expect(ZAddressAddRequest.parse(rest)).toMatchObject({ address2: '', is_default: 0 });
    expect(ZAddressAddRequest.parse(valid({ is_default: true })).is_default).toBe(1);
    expect(ZAddressAddRequest.parse(valid({ is_default: false })).is_default).toBe(0);
    expect(fieldsOf(ZAddressAddRequest.safeParse(valid({ is_default: 2 })))).toEqual({ is_default: 'is_default must be 0 or 1' });
  });

  it.each([
    [{ first_name: '' }, 'first_name', 'Please enter first name'],
    [{ last_name: undefined }, 'last_name', 'Please enter last name'],
    [{ phone: '' }, 'phone', AddressMessages.phoneRequired],
    [{ phone: '+1202555' }, 'phone', 'Invalid phone number'],
    [{ phone: 'call me' }, 'phone', 'Invalid phone number format'],
    [{ phone: '+8613800138000' }, 'phone', 'Invalid phone number'],
    [{ country: '' }, 'country', AddressMessages.countryRequired],
    [{ country: 'ZZ' }, 'country', AddressMessages.countryUnknown],
    [{ country: 'CN' }, 'country', AddressMessages.countryUnknown],
    [{ country: 'USA' }, 'country', AddressMessages.countryUnknown],
    [{ state: '' }, 'state', 'Please select a state'],
    [{ city: '   ' }, 'city', AddressMessages.cityRequired],
    [{ city: 'x'.repeat(81) }, 'city', 'City is too long (80 characters at most)'],
    [{ address1: '' }, 'address1', AddressMessages.address1Required],
    [{ address1: 'a\nb' }, 'address1', 'Address contains characters that are not allowed'],
    [{ postcode: '123' }, 'postcode', 'Please enter a valid ZIP code, e.g. 94105 or 94105-1234'],
    [{ postcode: '' }, 'postcode', 'Please enter ZIP code'],
  ])('refuses %o with a message on %s', (change, field, message) => {
    expect(fieldsOf(ZAddressAddRequest.safeParse(valid(change)))[field]).toBe(message);
  });

  it('checks the postcode and state of the chosen country', () => {
    const gb = valid({ country: 'GB', state: '', postcode: 'sw1a1aa', phone: '+447400123456' });
    expect(ZAddressAddRequest.parse(gb)).toMatchObject({ country: 'GB', state: '', postcode: 'SW1A 1AA' });
    expect(fieldsOf(ZAddressAddRequest.safeParse({ ...gb, postcode: '94105' }))).toEqual({
      postcode: 'Please enter a valid postcode, e.g. SW1A 1AA',
    });
    const ae = valid({ country: 'AE', state: 'Dubai', postcode: '', phone: '+971501234567' });
    expect(ZAddressAddRequest.parse(ae)).toMatchObject({ postcode: '', state: 'Dubai' });
  });

  it('accepts a phone of another country than the address (a parcel sent to someone abroad)', () => {
    expect(ZAddressAddRequest.parse(valid({ phone: '+447400123456' })).phone).toBe('+447400123456');
  });

  it('needs an id to edit', () => {
    expect(fieldsOf(ZAddressEditRequest.safeParse(valid()))).toHaveProperty('id');
    expect(ZAddressEditRequest.parse(valid({ id: '7' })).id).toBe(7);
    expect(fieldsOf(ZAddressEditRequest.safeParse(valid({ id: -1 })))).toEqual({ id: 'id must be positive' });
  });
});

describe('the address form', () => {
  const form = (overrides: Partial<TAddressForm> = {}): TAddressForm => ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone_country: 'GB',
    phone: '07400 123456',
    country: 'GB',
    state: '',
    city: 'London',
    address1: '10 Downing St',
    address2: '',
    postcode: 'sw1a 2aa',
    is_default: false,
    ...overrides,
  });

  it('checks the number against the picked phone country', () => {
    expect(ZAddressForm.safeParse(form()).success).toBe(true);
    expect(fieldsOf(ZAddressForm.safeParse(form({ phone_country: 'US' })))).toEqual({ phone: 'Invalid phone number' });
    expect(fieldsOf(ZAddressForm.safeParse(form({ phone: '' })))).toEqual({ phone: AddressMessages.phoneRequired });
  });

  it('gives the same postcode and state messages as the request', () => {
    expect(fieldsOf(ZAddressForm.safeParse(form({ country: 'US', postcode: '1' })))).toEqual({
      state: 'Please select a state',
      postcode: 'Please enter a valid ZIP code, e.g. 94105 or 94105-1234',
    });
  });

  it('turns into the request with the full number and 0/1', () => {
    const payload = addressPayload(form({ is_default: true }));
    expect(payload).toMatchObject({ phone: '+447400123456', is_default: 1, country: 'GB' });
    expect(ZAddressAddRequest.parse(payload).postcode).toBe('SW1A 2AA');
  });
});

describe('addressLines', () => {
  it('prints the street, the place and the country', () => {
    expect(
      addressLines({
        address1: '1 Market St',
        address2: '',
        city: 'San Francisco',
        state: 'California',
        postcode: '94105',
        country: 'US',
      }),
    ).toEqual(['1 Market St', 'San Francisco, California 94105', 'United States']);
  });
});
