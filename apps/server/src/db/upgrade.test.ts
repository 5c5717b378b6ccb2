import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderStatus } from '@shop/contracts/orders';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsBalance } from '../modules/users';
import { makeAddress, makeCartLine, makeGoods, makeShopper } from '../testing/fixtures';
import { createPostgresDatabase, createTestApp, type TestApp, testEngine } from '../testing/harness';
import { checkIntegrity, type DatabaseHandle, migrateToLatest, openDatabase } from './database';
import { isUniqueViolation } from './errors';
import { migrations } from './migrations/index';

/** A database of its own on the suite's engine, migrated up to `last` (a migration's name). */
async function databaseAt(last: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  if (testEngine === 'postgres') {
    const pg = await createPostgresDatabase();
    handle = openDatabase({ kind: 'postgres', url: pg.url });
    drop = async () => {
      await handle.close();
      await pg.drop();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'shop-upgrade-'));
    handle = openDatabase({ kind: 'sqlite', file: join(dir, 'shop.db') });
    drop = async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
  return { handle, drop };
}

// biome-ignore lint/suspicious/noExplicitAny: the tables as an older migration left them
const older = (handle: DatabaseHandle) => handle.db as unknown as Kysely<any>;

/** A shopper as the users table holds one; `points` only before migration 0012 dropped the counter. */
const shopperRow = (email: string, points?: number) => ({
  email,
  password_hash: 'not-a-hash',
  first_name: 'Old',
  last_name: 'Shopper',
  mobile: '+12025550143',
  dial_code: '1',
  avatar: '',
  invitation_code: email.slice(0, 8).toUpperCase(),
  invited_by: null,
  ...(points === undefined ? {} : { points }),
  email_type: 1,
  marketing_consent: 0,
  marketing_consent_at: null,
  terms_accepted_at: 1,
  status: 'active',
  created_at: 1,
  updated_at: 1,
});

describe('migration 0012: the points ledger', () => {
  it('carries every counter over as an opening balance and drops the counter', async () => {
    const { handle, drop } = await databaseAt('0010-chat-invitations');
    try {
      const db = older(handle);
      const ids: number[] = [];
      for (const [email, points] of [
        ['keeps@example.com', 120],
        ['none@example.com', 0],
        ['few@example.com', 5],
      ] as const) {
        ids.push((await db.insertInto('users').values(shopperRow(email, points)).returning('id').executeTakeFirstOrThrow()).id);
      }
      await migrateToLatest(handle.db);
      expect(await Promise.all(ids.map((id) => pointsBalance(handle.db, id)))).toEqual([120, 0, 5]);
      const rows = await handle.db.selectFrom('points_ledger').selectAll().orderBy('user_id').execute();
      expect(rows.map((row) => [row.user_id, row.amount, row.reason, row.source_type, row.source_id])).toEqual([
        [ids[0], 120, 'opening_balance', 'account', String(ids[0])],
        [ids[2], 5, 'opening_balance', 'account', String(ids[2])],
      ]);
      const user = await db.selectFrom('users').selectAll().where('id', '=', ids[0]).executeTakeFirstOrThrow();
      expect(user).not.toHaveProperty('points');
    } finally {
      await drop();
    }
  });
});

describe('migration 0013: nothing money touched cascades', () => {
  const tables = ['orders', 'order_items', 'order_payments', 'order_status_history', 'order_tracking_events'] as const;
  const snapshot = async (handle: DatabaseHandle) =>
    Object.fromEntries(
      await Promise.all(
        tables.map(async (table) => [table, await older(handle).selectFrom(table).selectAll().orderBy('id').execute()] as const),
      ),
    );

  it('keeps every row, id and index of the order tables, and refuses the deletes that cascaded before', async () => {
    const { handle, drop } = await databaseAt('0012-points-ledger');
    try {
      const db = older(handle);
      const user = await db
        .insertInto('users')
        .values(shopperRow('history@example.com'))
        .returning('id')
        .executeTakeFirstOrThrow();
      const userId = user.id as number;
      const orderIds: number[] = [];
      for (const n of [1, 2]) {
        const order = await db
          .insertInto('orders')
          .values({
            order_no: `2026010100000000000${n}`,
            user_id: userId,
            status: OrderStatus.PendingShipment,
            goods_amount: 5000,
            shipping_method: 'standard',
            pay_price: 5000,
            total_num: 1,
            address_json: '{}',
            request_fingerprint: '',
            pay_expires_at: 2,
            created_at: 1,
            updated_at: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        orderIds.push(order.id);
        await db
          .insertInto('order_items')
          .values({
            order_id: order.id,
            goods_id: 1,
            sku_id: 1,
            goods_name: 'Kept Dress',
            goods_url: 'kept-dress',
            sku_text: 'Color:Red;Size:M',
            unit_price: 5000,
            origin_price: 5000,
            num: 1,
            total: 5000,
          })
          .execute();
        await db
          .insertInto('order_payments')
          .values({ order_id: order.id, provider: 'test', amount: 5000, status: 'succeeded', created_at: 1 })
          .execute();
        await db
          .insertInto('order_status_history')
          .values({ order_id: order.id, from_status: 1, to_status: 2, actor: 'payment', created_at: 1 })
          .execute();
        await db
          .insertInto('order_tracking_events')
          .values({ order_id: order.id, event_time: 1, status: 'Picked up', description: 'Picked up', created_at: 1 })
          .execute();
      }
      // the last order is gone before the upgrade: its id must never come back
      await db.deleteFrom('orders').where('id', '=', orderIds[1]).execute();
      const before = await snapshot(handle);
      expect(before.order_items).toHaveLength(1);

      await migrateToLatest(handle.db);

      // every row and value kept (later migrations may add columns beside them: 0019's discount shares)
      expect(await snapshot(handle)).toMatchObject(before);
      const shares = await db.selectFrom('order_items').select(['coupon_share', 'points_share']).execute();
      expect(shares).toEqual([{ coupon_share: 0, points_share: 0 }]);
      expect(await checkIntegrity(handle)).toBe(true);
      const refused = (promise: Promise<unknown>) => expect(promise).rejects.toThrow(/foreign key/i);
      await refused(db.deleteFrom('users').where('id', '=', userId).execute());
      await refused(db.deleteFrom('orders').where('id', '=', orderIds[0]).execute());
      expect(await snapshot(handle)).toMatchObject(before);
      // the partial unique indexes came back with the rebuilt tables
      const secondSuccess = db
        .insertInto('order_payments')
        .values({ order_id: orderIds[0], provider: 'test', amount: 5000, status: 'succeeded', created_at: 2 })
        .execute();
      await expect(secondSuccess.catch((error) => isUniqueViolation(error))).resolves.toBe(true);
      const next = await db
        .insertInto('orders')
        .values({
          order_no: '20260101000000000003',
          user_id: userId,
          status: OrderStatus.PendingPayment,
          goods_amount: 1,
          shipping_method: 'standard',
          pay_price: 1,
          total_num: 1,
          address_json: '{}',
          request_fingerprint: '',
          pay_expires_at: 2,
          created_at: 2,
          updated_at: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(next.id).toBeGreaterThan(orderIds[1] as number);
      if (testEngine === 'sqlite') {
        const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(handle.db);
        expect(rows[0]?.foreign_keys).toBe(1);
      }
    } finally {
      await drop();
    }
  });
});

describe('deleting a shopper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused while they have orders or points, and keeps them', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Kept History Skirt', price_cents: 3000, stock: 5 });
    const buyer = await makeShopper(t);
    await t.app.services.checkout.create(
      buyer.id,
      {
        address_id: await makeAddress(t.database.db, buyer.id),
        cart_ids: [await makeCartLine(t.database.db, buyer.id, skuIds[0] as number, 1)],
        shipping_method: 'standard',
        points: 0,
        insurance: false,
        remark: '',
      },
      'kept-history',
    );
    const saver = await makeShopper(t, 50);
    for (const id of [buyer.id, saver.id]) {
      await expect(t.database.db.deleteFrom('users').where('id', '=', id).execute()).rejects.toThrow(/foreign key/i);
    }
    const orders = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute();
    expect(orders).toHaveLength(1);
    expect(await pointsBalance(t.database.db, saver.id)).toBe(50);
  });

  it('takes what money never touched with them: the bag and the addresses', async () => {
    const { skuIds } = await makeGoods(t.database.db, { name: 'Browsing Only Hat', price_cents: 1500, stock: 5 });
    const browser = await makeShopper(t);
    await makeAddress(t.database.db, browser.id);
    await makeCartLine(t.database.db, browser.id, skuIds[0] as number, 1);
    await t.database.db.deleteFrom('users').where('id', '=', browser.id).execute();
    const left = await Promise.all(
      (['cart_items', 'addresses'] as const).map((table) =>
        t.database.db.selectFrom(table).select('id').where('user_id', '=', browser.id).execute(),
      ),
    );
    expect(left).toEqual([[], []]);
  });
});
