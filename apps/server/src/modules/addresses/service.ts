import {
  ADDRESS_MAX_PER_SHOPPER,
  AddressMessages,
  type TAddress,
  type TAddressInput,
  type TAddressList,
} from '@shop/contracts/address';
import type { Db, DbKind } from '../../db/database';
import { AppError } from '../../http/errors';
import { presentAddress } from './presenter';
import { addressesRepo, shippingAddress } from './repo';

type Deps = { db: Db; dbKind: DbKind; clock?: () => number };

/**
 * A shopper's address book. Whenever a shopper has addresses, exactly one is the default: the
 * first one saved becomes it, deleting it promotes the newest left, and choosing another moves it
 * in one transaction (a unique index backs this up). Each write holds the shopper's row, so
 * concurrent writes of one shopper cannot pass the limit or leave two defaults.
 */
/** The shopper's address as an order snapshots it (in `db` or the caller's transaction); undefined when not theirs. */
export function addressForOrder(db: Db, userId: number, addressId: number) {
  return shippingAddress(db, userId, addressId);
}

export function createAddressService({ db, dbKind, clock = Date.now }: Deps) {
  const repoOf = (handle: Db) => addressesRepo(handle, dbKind);

  /** The shopper's address, or 404 when there is none with this id (another shopper's included). */
  async function owned(handle: Db, userId: number, id: number) {
    const row = await repoOf(handle).findOwned(userId, id);
    if (!row) throw AppError.notFound(AddressMessages.notFound);
    return row;
  }

  /** Runs a write with the shopper's row held. */
  const write = <T>(userId: number, work: (trx: Db, repo: ReturnType<typeof addressesRepo>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      const repo = repoOf(trx);
      await repo.lockShopper(userId);
      return work(trx, repo);
    });

  const fieldsOf = (input: TAddressInput) => ({
    first_name: input.first_name,
    last_name: input.last_name,
    phone: input.phone,
    country: input.country,
    state: input.state,
    city: input.city,
    address1: input.address1,
    address2: input.address2,
    postcode: input.postcode,
  });

  return {
    async list(userId: number): Promise<TAddressList> {
      const rows = await repoOf(db).listByUser(userId);
      return { data: rows.map(presentAddress), total: rows.length };
    },

    /** Also what checkout reads: the shopper's own address or 404. */
    async detail(userId: number, id: number): Promise<TAddress> {
      return presentAddress(await owned(db, userId, id));
    },

    async add(userId: number, input: TAddressInput): Promise<TAddress> {
      const id = await write(userId, async (_trx, repo) => {
        const count = await repo.countByUser(userId);
        if (count >= ADDRESS_MAX_PER_SHOPPER) throw new AppError('bad_request', AddressMessages.tooMany);
        const now = clock();
        const isDefault = count === 0 || input.is_default === 1;
        if (isDefault) await repo.clearDefault(userId, now);
        return repo.insert({
          user_id: userId,
          ...fieldsOf(input),
          is_default: isDefault ? 1 : 0,
          created_at: now,
          updated_at: now,
        });
      });
      return this.detail(userId, id);
    },

    /** The default stays the default until another is chosen: unticking it changes nothing. */
    async edit(userId: number, id: number, input: TAddressInput): Promise<TAddress> {
      await write(userId, async (trx, repo) => {
        const existing = await owned(trx, userId, id);
        const now = clock();
        const becomesDefault = input.is_default === 1 && existing.is_default !== 1;
        if (becomesDefault) await repo.clearDefault(userId, now);
        await repo.update(userId, id, {
          ...fieldsOf(input),
          is_default: becomesDefault ? 1 : existing.is_default,
          updated_at: now,
        });
      });
      return this.detail(userId, id);
    },

    async remove(userId: number, id: number): Promise<void> {
      await write(userId, async (trx, repo) => {
        const existing = await owned(trx, userId, id);
        await repo.remove(userId, id);
        if (existing.is_default !== 1) return;
        const newest = await repo.newestOf(userId);
        if (newest) await repo.markDefault(userId, newest.id, clock());
      });
    },

    async setDefault(userId: number, id: number): Promise<TAddress> {
      await write(userId, async (trx, repo) => {
        const existing = await owned(trx, userId, id);
        if (existing.is_default === 1) return;
        const now = clock();
        await repo.clearDefault(userId, now);
        await repo.markDefault(userId, id, now);
      });
      return this.detail(userId, id);
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
