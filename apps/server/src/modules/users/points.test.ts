import type { TOrderDetail } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { makeAddress, makeCartLine, makeGoods, makeShopper, newKey } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { buildStaff } from '../staff/service';
import { creditPoints, pointsBalance, spendPoints } from './points';

let t: TestApp;

appPerFile((made) => {
  t = made;
});

const ledgerOf = (userId: number) =>
  t.database.db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('the points ledger', () => {
  it('lets exactly 10 of 50 concurrent spends of 10 through a balance of 100, and never goes below 0', async () => {
    const shopper = await makeShopper(t, 100);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        spendPoints(t.database.db, {
          userId: shopper.id,
          points: 10,
          reason: 'order_spend',
          source: { type: 'order', id: 900_000 + i },
          at: Date.now(),
        }),
      ),
    );
    const spent = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(spent).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const outcome of refused) {
      expect(outcome.reason).toBeInstanceOf(AppError);
      expect((outcome.reason as AppError).fields).toEqual({ points: 'You have 0 points' });
    }
    expect(await pointsBalance(t.database.db, shopper.id)).toBe(0);
    const debits = (await ledgerOf(shopper.id)).filter((row) => row.amount < 0);
    expect(debits).toHaveLength(10);
    expect(debits.every((row) => row.amount === -10)).toBe(true);
  });

  it('credits an event once, however often and however concurrently it is repeated', async () => {
    const shopper = await makeShopper(t);
    const entry = {
      userId: shopper.id,
      points: 250,
      reason: 'order_cancelled' as const,
      source: { type: 'order' as const, id: 77 },
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => creditPoints(t.database.db, { ...entry, at: Date.now() })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await pointsBalance(t.database.db, shopper.id)).toBe(250);
    expect(await creditPoints(t.database.db, { ...entry, at: Date.now() })).toBe(false);
    expect(await ledgerOf(shopper.id)).toHaveLength(1);
  });

  it('records each movement with its reason, source, time and the staff member who acted', async () => {
    const shopper = await makeShopper(t, 40);
    const staffId = await buildStaff(t.database.db, {
      email: `points-${shopper.id}@example.com`,
      password: 'Staff12345',
      nickname: 'Points',
      role: 'admin',
    });
    await creditPoints(t.database.db, {
      userId: shopper.id,
      points: 60,
      reason: 'staff_adjustment',
      source: { type: 'adjustment', id: `goodwill-${shopper.id}` },
      staffId,
      at: 1_700_000_000_000,
    });
    expect(await ledgerOf(shopper.id)).toEqual([
      expect.objectContaining({
        amount: 40,
        reason: 'opening_balance',
        source_type: 'account',
        source_id: String(shopper.id),
        staff_id: null,
      }),
      expect.objectContaining({
        amount: 60,
        reason: 'staff_adjustment',
        source_type: 'adjustment',
        source_id: `goodwill-${shopper.id}`,
        staff_id: staffId,
        created_at: 1_700_000_000_000,
      }),
    ]);
    expect(await pointsBalance(t.database.db, shopper.id)).toBe(100);
  });

  it('refuses a spend beyond the balance and writes nothing', async () => {
    const shopper = await makeShopper(t, 5);
    await expect(
      spendPoints(t.database.db, {
        userId: shopper.id,
        points: 6,
        reason: 'order_spend',
        source: { type: 'order', id: 1 },
        at: 0,
      }),
    ).rejects.toMatchObject({ fields: { points: 'You have 5 points' } });
    expect(await ledgerOf(shopper.id)).toHaveLength(1);
  });

  it('spends through checkout once per order: 5 orders at once asking 300 of 1000 points → 3 placed', async () => {
    const shopper = await makeShopper(t, 1000);
    const addressId = await makeAddress(t.database.db, shopper.id);
    const { skuIds } = await makeGoods(t.database.db, {
      name: 'Points Party Coat',
      price_cents: 20_000,
      stock: 50,
      colors: ['Red', 'Blue', 'Green', 'Black', 'White'],
    });
    const cartIds: number[] = [];
    for (const skuId of skuIds) cartIds.push(await makeCartLine(t.database.db, shopper.id, skuId, 1));
    const answers = await Promise.all(
      cartIds.map((cartId) =>
        injectAs(t, shopper, {
          headers: {
            'idempotency-key': newKey(),
          },
        }).post<TOrderDetail>('/shop/order/create', { address_id: addressId, cart_ids: [cartId], points: 300 }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.msg)).toEqual([
      'You have 100 points',
      'You have 100 points',
    ]);
    expect(await pointsBalance(t.database.db, shopper.id)).toBe(100);
  });
});
