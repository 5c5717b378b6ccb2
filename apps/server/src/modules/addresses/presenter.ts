import type { TAddress } from '@shop/contracts/address';
import { findCountry } from '@shop/contracts/phone';
import type { Selectable } from 'kysely';
import type { AddressesTable } from '../../db/schema';

/** What leaves the server about an address; a new column never leaks by accident. */
export function presentAddress(row: Selectable<AddressesTable>): TAddress {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    country: row.country,
    country_name: findCountry(row.country)?.name ?? row.country,
    state: row.state,
    city: row.city,
    address1: row.address1,
    address2: row.address2,
    postcode: row.postcode,
    is_default: row.is_default === 1 ? 1 : 0,
    create_time: row.created_at,
    update_time: row.updated_at,
  };
}
