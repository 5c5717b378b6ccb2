/**
 * spec 7 "Addresses": what an address book shows, without the schemas (zod) or the phone numbers'
 * metadata of address.ts, which re-exports it: the pages that only list addresses load this.
 */

/** A shopper keeps at most this many addresses. */
export const ADDRESS_MAX_PER_SHOPPER = 20;

let regionNames: Intl.DisplayNames | undefined;

/**
 * The lines a parcel label (and a card of the address book) shows, in order. The country is named
 * in English; a stored address's country is always one the address rules know (address.ts).
 */
export function addressLines(address: {
  address1: string;
  address2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
}): string[] {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  const country = regionNames.of(address.country) ?? address.country;
  const place = [address.city, [address.state, address.postcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.address1, address.address2, place, country].filter((line) => line.trim() !== '');
}
