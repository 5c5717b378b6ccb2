import { CODE_OK, type Envelope } from '@shop/contracts';
import type { TAddress, TAddressAddRequest, TAddressList, TPlaceSuggestPage } from '@shop/contracts/address';
import { api } from '../../lib/api';

/** spec 7 "Addresses" and "map": the calls of the address book, in one place. */
export const AddressPaths = {
  list: '/shop/userAddress',
  detail: '/shop/userAddress/detail',
  add: '/shop/userAddress/add',
  edit: '/shop/userAddress/edit',
  remove: '/shop/userAddress/delete',
  setDefault: '/shop/user_address/setDefault',
  suggest: '/api/map/google/address',
} as const;

/** How many place suggestions the address line offers at once. */
export const PLACE_SUGGESTIONS_SHOWN = 6;

/** The shopper's addresses, the default first; null when they could not be loaded. */
export async function fetchAddresses(): Promise<TAddress[] | null> {
  const envelope = await api.get<TAddressList>(AddressPaths.list, { silent: true });
  return envelope.code === CODE_OK ? envelope.result.data : null;
}

/** Adds, or with an id edits; the caller shows the outcome (field messages or the server's). */
export function saveAddress(payload: TAddressAddRequest, id?: number): Promise<Envelope<TAddress>> {
  return id === undefined
    ? api.post<TAddress>(AddressPaths.add, payload, { silent: true })
    : api.post<TAddress>(AddressPaths.edit, { ...payload, id }, { silent: true });
}

export const deleteAddress = (id: number) => api.post<null>(AddressPaths.remove, { id });

export const setDefaultAddress = (id: number) => api.post<TAddress>(AddressPaths.setDefault, { id });

/** Places for what is typed in the address line; failures just mean no suggestions. */
export async function suggestPlaces(address: string, country: string): Promise<TPlaceSuggestPage> {
  const envelope = await api.get<TPlaceSuggestPage>(AddressPaths.suggest, {
    query: { address, country, page: 1, page_size: PLACE_SUGGESTIONS_SHOWN },
    silent: true,
  });
  return envelope.code === CODE_OK ? envelope.result : { data: [], total: 0 };
}
