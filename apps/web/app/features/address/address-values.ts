import type { TAddress, TAddressForm } from '@shop/contracts/address';
import type { TUserInfo } from '@shop/contracts/auth';
import { initialCountry } from '@shop/contracts/phone';
import type { Path } from 'react-hook-form';
import { splitInternational } from '../../components/ui/countries';

/** The fields in the order the form shows them: a failed submit focuses the first wrong one. */
export const FIELDS: readonly Path<TAddressForm>[] = [
  'country',
  'first_name',
  'last_name',
  'address1',
  'address2',
  'city',
  'state',
  'postcode',
  'phone',
];

/** The form's values for an address being edited, or for a new one (prefilled from the profile). */
export function startingValues(initial: TAddress | undefined, user: TUserInfo | null, firstAddress: boolean): TAddressForm {
  if (initial) {
    const phone = splitInternational(initial.phone);
    return {
      first_name: initial.first_name,
      last_name: initial.last_name,
      phone_country: phone?.country.iso2 ?? initial.country,
      phone: phone?.national ?? initial.phone.replace(/^\+/, ''),
      country: initial.country,
      state: initial.state,
      city: initial.city,
      address1: initial.address1,
      address2: initial.address2,
      postcode: initial.postcode,
      is_default: initial.is_default === 1,
    };
  }
  // a new address starts in the shopper's own country, with their name and number
  const country = initialCountry(user?.code).iso2;
  const phone = user?.mobile ? splitInternational(user.mobile) : null;
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    phone_country: phone?.country.iso2 ?? country,
    phone: phone?.national ?? '',
    country,
    state: '',
    city: '',
    address1: '',
    address2: '',
    postcode: '',
    is_default: firstAddress,
  };
}
