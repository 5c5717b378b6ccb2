import { randomBytes } from 'node:crypto';
import type { TRegisterRequest } from '@shop/contracts/auth';
import type { Db } from '../db/database';
import type { AuditLogTable, StaffTable } from '../db/schema';
import { buildStaff, setAgentStatus } from '../modules/staff/service';
import { pointsBalance } from '../modules/users';
import { buildUser } from '../seed/accounts';
import { buildAddress } from '../seed/addresses';
import { buildCartLine } from '../seed/cart';
import { buildCategory, buildGoods } from '../seed/catalog';
import { buildCouponTemplate, buildUserCoupon } from '../seed/coupons';
import type { TestApp } from './harness';

/**
 * The API tests' factories: the seed's builders, with a live session on top. Shoppers and staff
 * are made without hashing a password (a test signs them in through a session, and hundreds of
 * them stay cheap).
 */

const meta = { userAgent: 'api test', ip: '127.0.0.1' };
/** No password is ever checked against it: the account signs in through a session only. */
const NO_PASSWORD = 'not-a-hash';

export type Shopper = { id: number; token: string };

/** A register request the shop accepts (POST /shop/login/register), with `overrides` on top: the address at least. */
export const registration = (overrides: Partial<TRegisterRequest> & { email: string }): TRegisterRequest => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  mobile: '+12025550143',
  code: '1',
  password: 'Password123',
  passwordConfirm: 'Password123',
  email_type: 1,
  marketing_consent: true,
  terms_accepted: true,
  ...overrides,
});

/** A shopper with a live session; `points` as the ledger's opening balance. */
export async function makeShopper(t: TestApp, points = 0): Promise<Shopper> {
  const user = await buildUser(t.database.db, {
    password_hash: NO_PASSWORD,
    marketing_consent: false,
    last_name: 'Buyer',
    points,
  });
  const pair = await t.app.services.auth.startSession('user', user.id, meta);
  return { id: user.id, token: pair.token };
}

/** A staff member of `role` with a live session, 'online' in the chat when asked. */
export async function makeStaff(
  t: TestApp,
  role: StaffTable['role'],
  options: { nickname?: string; online?: boolean } = {},
): Promise<{ id: number; token: string }> {
  const id = await buildStaff(t.database.db, {
    email: `${role}-${randomBytes(6).toString('hex')}@example.com`,
    password_hash: NO_PASSWORD,
    nickname: options.nickname ?? role,
    role,
  });
  if (options.online) await setAgentStatus(t.database.db, id, 'online');
  return { id, token: (await t.app.services.auth.startSession('staff', id, meta)).token };
}

export const makeStaffToken = async (t: TestApp, role: StaffTable['role']) => (await makeStaff(t, role)).token;

/** An address of the shopper's, in Sacramento unless `place` says otherwise; their default when they have none. */
export async function makeAddress(
  db: Db,
  userId: number,
  place: Partial<{ country: string; state: string; city: string; postcode: string }> = {},
): Promise<number> {
  const hasDefault = await db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  const row = await buildAddress(db, userId, {
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: '+12025550143',
    country: 'US',
    state: 'CA',
    city: 'Sacramento',
    address1: '1 Capitol Mall',
    postcode: '95814',
    ...place,
    is_default: hasDefault ? 0 : 1,
  });
  return row.id;
}

export const makeCartLine = (db: Db, userId: number, skuId: number, num: number) =>
  buildCartLine(db, { user_id: userId, sku_id: skuId, num });

/** The category `makeGoods` files its products under, one per database. */
const categories = new WeakMap<Db, number>();

/** A product with one SKU per colour × size at `price_cents` (and `discount` percent off) with `stock` each. */
export async function makeGoods(
  db: Db,
  input: { name: string; price_cents: number; discount?: number; stock: number; colors?: string[]; sizes?: string[] },
) {
  let categoryId = categories.get(db);
  if (categoryId === undefined) {
    categoryId = await buildCategory(db, { name: 'Orders test', url: `orders-test-${randomBytes(3).toString('hex')}` });
    categories.set(db, categoryId);
  }
  return buildGoods(db, { category_id: categoryId, ...input });
}

export const stockOf = async (db: Db, skuId: number) =>
  (await db.selectFrom('skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;

export const pointsOf = (db: Db, userId: number) => pointsBalance(db, userId);

export const newKey = () => `test-${randomBytes(12).toString('hex')}`;

/** A coupon template (a $10 coupon of the coupon centre unless `over` says otherwise). */
export const makeTemplate = buildCouponTemplate;
/** A coupon of the template held by the shopper, as a row (no count, no event). */
export const giveCoupon = buildUserCoupon;

export const templateByCode = (db: Db, code: string) =>
  db.selectFrom('coupon_templates').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

export const couponsOfUser = (db: Db, userId: number) =>
  db.selectFrom('user_coupons').selectAll().where('user_id', '=', userId).orderBy('id').execute();

/**
 * Fresh client and e-mail addresses (one counter for both), so the per-address limits one test
 * meets never reach another: `newIp()` is `${ipPrefix}.1`, `.2`, …
 */
export function freshAddresses(ipPrefix: string, emailPrefix: string) {
  let n = 0;
  return {
    newIp: () => `${ipPrefix}.${++n}`,
    newEmail: () => `${emailPrefix}-${Date.now().toString(36)}-${++n}@example.com`,
  };
}

/** The audit trail of one object (`object_type`, `object_id`), oldest first, with the columns a test looks at. */
export const auditTrailOf = <C extends keyof AuditLogTable & string>(
  db: Db,
  type: string,
  id: number | string,
  columns: readonly C[],
) =>
  db
    .selectFrom('audit_log')
    .select(columns)
    .where('object_type', '=', type)
    .where('object_id', '=', String(id))
    .orderBy('id')
    .execute();
