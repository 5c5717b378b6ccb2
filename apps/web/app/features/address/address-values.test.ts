import type { TAddress } from '@shop/contracts/address';
import type { TUserInfo } from '@shop/contracts/auth';
import { describe, expect, it } from 'vitest';
import { startingValues } from './address-values';

describe('startingValues', () => {
  it("starts a new address with the shopper's name, number and country", () => {
    const user = { first_name: 'Ann', last_name: 'Lee', mobile: '+447400123456', code: 'GB' } as unknown as TUserInfo;
    const values = startingValues(undefined, user, true);
    expect(values).toMatchObject({ first_name: 'Ann', last_name: 'Lee', phone_country: 'GB', phone: '7400123456' });
    expect(values.is_default).toBe(true);
    expect(values.address1).toBe('');
  });

  it('starts an edit with the address as saved', () => {
    const saved = {
      id: 4,
      first_name: 'Bo',
      last_name: 'Kim',
      phone: '+12025550123',
      country: 'US',
      state: 'New York',
      city: 'New York',
      address1: '1 Main St',
      address2: '',
      postcode: '10001',
      is_default: 1,
    } as unknown as TAddress;
    expect(startingValues(saved, null, false)).toMatchObject({
      first_name: 'Bo',
      phone_country: 'US',
      phone: '2025550123',
      country: 'US',
      is_default: true,
    });
  });
});
