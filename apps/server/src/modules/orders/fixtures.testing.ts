import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { openingBalance } from '../../seed/accounts';
import { buildCategory, buildGoods } from '../../seed/catalog';
import { body, type TestApp } from '../../testing/harness';
import { pointsBalance } from '../users/points';

/**
 * Test factories for the money path: shoppers made without hashing a password (hundreds of them
 * are cheap), their addresses and cart lines written as rows, and a small request helper.
 */

const meta = { userAgent: 'orders test', ip: '127.0.0.1' };

export type Shopper = { id: number; token: string };

/** A shopper row and a live session; `points` as the ledger's opening balance. */
export async function makeShopper(t: TestApp, points = 0): Promise<Shopper> {
  const stamp = randomBytes(6).toString('hex');
  const now = Date.now();
  const row = await t.database.db
    .insertInto('users')
    .values({
      email: `buyer-${stamp}@example.com`,
      password_hash: 'not-a-hash',
      first_name: 'Test',
      last_name: 'Buyer',
      mobile: '+12025550143',
      dial_code: '1',
      avatar: '',
      invitation_code: `B${stamp}`.slice(0, 16).toUpperCase(),
      invited_by: null,
      email_type: 1,
      marketing_consent: 0,
      marketing_consent_at: null,
      terms_accepted_at: now,
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await openingBalance(t.database.db, row.id, points, now);
  const pair = await t.app.services.auth.startSession('user', row.id, meta);
  return { id: row.id, token: pair.token };
}

export async function makeStaffToken(t: TestApp, role: 'admin' | 'operator' | 'csr'): Promise<string> {
  const stamp = randomBytes(6).toString('hex');
  const row = await t.database.db
    .insertInto('staff')
    .values({
      email: `${role}-${stamp}@example.com`,
      password_hash: 'not-a-hash',
      nickname: role,
      avatar: '',
      role,
      status: 'offline',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await t.app.services.auth.startSession('staff', row.id, meta)).token;
}

export async function makeAddress(
  db: Db,
  userId: number,
  place: Partial<{ country: string; state: string; city: string; postcode: string }> = {},
): Promise<number> {
  const now = Date.now();
  const hasDefault = await db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  const row = await db
    .insertInto('addresses')
    .values({
      user_id: userId,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+12025550143',
      country: place.country ?? 'US',
      state: place.state ?? 'CA',
      city: place.city ?? 'Sacramento',
      address1: '1 Capitol Mall',
      address2: '',
      postcode: place.postcode ?? '95814',
      is_default: hasDefault ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function makeCartLine(db: Db, userId: number, skuId: number, num: number): Promise<number> {
  const sku = await db.selectFrom('skus').select('goods_id').where('id', '=', skuId).executeTakeFirstOrThrow();
  const now = Date.now();
  const row = await db
    .insertInto('cart_items')
    .values({ user_id: userId, goods_id: sku.goods_id, sku_id: skuId, num, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let categoryId = 0;

/** A product with one SKU per colour × size at `price_cents` (and `discount` percent off) with `stock` each. */
export async function makeGoods(
  db: Db,
  input: { name: string; price_cents: number; discount?: number; stock: number; colors?: string[]; sizes?: string[] },
) {
  if (!categoryId)
    categoryId = await buildCategory(db, { name: 'Orders test', url: `orders-test-${randomBytes(3).toString('hex')}` });
  return buildGoods(db, { category_id: categoryId, ...input });
}

export const stockOf = async (db: Db, skuId: number) =>
  (await db.selectFrom('skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;

export const pointsOf = (db: Db, userId: number) => pointsBalance(db, userId);

/** Injected requests with a shopper's (or staff member's) token. */
export function client(t: TestApp) {
  return {
    async post<T = unknown>(path: string, payload: unknown, token?: string, headers: Record<string, string> = {}) {
      const response = await t.app.inject({
        method: 'POST',
        url: path,
        payload: payload as object,
        headers: { ...(token ? { 'user-token': token } : {}), ...headers },
      });
      return { status: response.statusCode, ...body<T>(response) };
    },
    async get<T = unknown>(path: string, token?: string) {
      const response = await t.app.inject({ method: 'GET', url: path, headers: token ? { 'user-token': token } : {} });
      return { status: response.statusCode, ...body<T>(response) };
    },
  };
}

export const newKey = () => `test-${randomBytes(12).toString('hex')}`;
