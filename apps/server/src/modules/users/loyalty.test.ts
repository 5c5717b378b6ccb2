import type { TOrderDetail } from '@shop/contracts/orders';
import {
  PointsPaths,
  pointsExpireAt,
  REFERRAL_REWARD_POINTS,
  REFERRAL_REWARDS_PER_MONTH,
  RETURN_WINDOW_MS,
  REVIEW_POINTS,
  ReferralMessages,
  type TFriends,
  type TPointsLog,
  type TReferralSummary,
  type TUserPoints,
} from '@shop/contracts/points';
import { describe, expect, it } from 'vitest';
import { JOB } from '../../jobs';
import { makeAddress, makeCartLine, makeGoods, makeShopper, makeStaffToken, newKey, type Shopper } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { exportAccount } from '../../workflows/export-account';
import {
  creditPoints,
  creditReviewPoints,
  expirePointsOf,
  pointsBalance,
  pointsLots,
  reverseOrderPoints,
  spendPoints,
} from './points';
import { closeReferrals } from './referrals';

const DAY = 86_400_000;
let now = Date.now();
let t: TestApp;
let admin: string;

appPerFile(
  async (made) => {
    t = made;
    admin = await makeStaffToken(t, 'admin');
  },
  { clock: () => now },
);

const db = () => t.database.db;
const ledgerOf = (userId: number) =>
  db().selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const dispatch = () => t.app.services.jobs.run(JOB.eventDispatch, now);

let phones = 0;
/** A phone number no other account holds (the referral rules look at phones). */
const uniquePhone = () => `+1202555${String(1000 + (phones++ % 9000)).padStart(4, '0')}`;
let emails = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${process.pid}-${++emails}@example.com`;

async function register(overrides: Record<string, unknown> = {}) {
  const payload = {
    first_name: 'Friend',
    last_name: 'Newcomer',
    mobile: uniquePhone(),
    code: '1',
    email: uniqueEmail('friend'),
    password: 'Password123',
    passwordConfirm: 'Password123',
    marketing_consent: true,
    terms_accepted: true,
    ...overrides,
  };
  const answer = await injectAs(t, null).post<{ token: string }>('/shop/login/register', payload);
  return { ...answer, email: payload.email as string };
}

async function idOf(email: string) {
  return (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** A paid order of one product at `cents` (optionally spending points), through the real checkout. */
async function paidOrder(shopper: Shopper, cents: number, points = 0) {
  const { skuIds } = await makeGoods(db(), { name: 'Loyalty Coat', price_cents: cents, stock: 5 });
  const addressId = await makeAddress(db(), shopper.id);
  const cartId = await makeCartLine(db(), shopper.id, skuIds[0] as number, 1);
  const answer = await injectAs(t, shopper, {
    headers: {
      'idempotency-key': newKey(),
    },
  }).post<TOrderDetail>('/shop/order/create', { address_id: addressId, cart_ids: [cartId], points });
  expect(answer.status).toBe(200);
  await db().updateTable('orders').set({ status: 2, paid_at: now }).where('id', '=', answer.result.id).execute();
  return answer.result;
}

/** Staff ship it and the shopper receives it: the order completes (order.completed). */
async function complete(shopper: Shopper, orderId: number) {
  const shipped = await injectAs(t, admin).post('/admin/order/ship', {
    id: orderId,
    company_code: 'ups',
    tracking_no: '1Z999AA10123456784',
  });
  expect(shipped.status).toBe(200);
  const received = await injectAs(t, shopper).post('/shop/order/receive', { id: orderId });
  expect(received.status).toBe(200);
}

/** Credits `points` earned on the order `orderId` (an order that need not exist), at `now`. */
const earnOnOrder = (userId: number, orderId: number, points: number) =>
  creditPoints(db(), { userId, points, reason: 'order_earned', source: { type: 'order', id: orderId }, at: now });

/** Spends `points` on the order `orderId` (an order that need not exist). */
const spendOnOrder = (userId: number, orderId: number, points: number, at = now) =>
  spendPoints(db(), { userId, points, reason: 'order_spend', source: { type: 'order', id: orderId }, at });

/** Takes back the points earned on an order for one of its refunds; answers how many it took back. */
const reverseForRefund = (refund: {
  userId: number;
  orderId: number;
  refundId: number;
  refundedTotal: number;
  goodsPaid: number;
}) => reverseOrderPoints(db(), { ...refund, at: now });

/** The points.expiring events written for the user. */
const expiringEvents = (userId: number) =>
  db()
    .selectFrom('event_outbox')
    .select('payload')
    .where('type', '=', 'points.expiring')
    .where('payload', 'like', `%"user_id":${userId},%`)
    .execute();

/** The user's own invitation code. */
const invitationCodeOf = async (userId: number) =>
  (await db().selectFrom('users').select('invitation_code').where('id', '=', userId).executeTakeFirstOrThrow()).invitation_code;

describe('earning points', () => {
  it('credits 1 point per whole dollar of goods paid when the order completes, once; pending until then', async () => {
    const shopper = await makeShopper(t, 1000);
    now = Date.now() + 1_000; // after the opening balance (written at the real time)
    // $123.45 of goods, 400 points ($4) spent on it: $119.45 of goods paid → 119 points
    const order = await paidOrder(shopper, 12_345, 400);
    const before = await injectAs(t, shopper).get<TUserPoints>(PointsPaths.summary);
    expect(before.result).toMatchObject({ balance: 600, pending: 119 });

    await complete(shopper, order.id);
    await dispatch();
    await dispatch();
    const after = await injectAs(t, shopper).get<TUserPoints>(PointsPaths.summary);
    expect(after.result).toMatchObject({ balance: 719, pending: 0 });
    const earned = (await ledgerOf(shopper.id)).filter((row) => row.reason === 'order_earned');
    expect(earned).toEqual([expect.objectContaining({ amount: 119, source_type: 'order', source_id: String(order.id) })]);

    const log = await injectAs(t, shopper).get<TPointsLog>(`${PointsPaths.log}?page=1&pagesize=2`);
    expect(log.result.total).toBe(3);
    expect(log.result.data[0]).toMatchObject({
      points: 119,
      reason: 'order_earned',
      label: 'Earned on an order',
      order_id: order.id,
      expires_at: pointsExpireAt(earned[0]?.created_at as number),
    });
    expect(log.result.data[1]).toMatchObject({ points: -400, reason: 'order_spend', expires_at: null });
  });

  it('takes back earned points in proportion to refunds, exactly all of them once everything is refunded', async () => {
    const shopper = await makeShopper(t);
    const orderId = 9_100_000 + shopper.id;
    await earnOnOrder(shopper.id, orderId, 99);
    const refund = (refundId: number, refundedTotal: number) =>
      reverseForRefund({ userId: shopper.id, orderId, refundId, refundedTotal, goodsPaid: 10_000 });
    // a third, then another third, then the rest: floor(99 × share) stands reversed after each
    expect(await refund(1, 3_333)).toBe(32);
    expect(await refund(1, 3_333)).toBe(0);
    expect(await refund(2, 6_666)).toBe(33);
    expect(await refund(3, 10_000)).toBe(34);
    expect(await pointsBalance(db(), shopper.id)).toBe(0);
  });

  it('adds up partial refunds to exactly the points earned, over random sequences of refunds', async () => {
    let seed = 42;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let round = 0; round < 25; round++) {
      const shopper = await makeShopper(t);
      const orderId = 9_300_000 + shopper.id;
      const goodsPaid = 100 + random(50_000);
      const earned = Math.floor(goodsPaid / 100) || 1;
      await earnOnOrder(shopper.id, orderId, earned);
      let refunded = 0;
      let reversed = 0;
      for (let refundId = 1; refunded < goodsPaid; refundId++) {
        refunded = Math.min(goodsPaid, refunded + 1 + random(Math.ceil(goodsPaid / 3)));
        reversed += await reverseForRefund({ userId: shopper.id, orderId, refundId, refundedTotal: refunded, goodsPaid });
        expect(reversed).toBe(Math.floor((earned * refunded) / goodsPaid));
      }
      expect(reversed).toBe(earned);
      expect(await pointsBalance(db(), shopper.id)).toBe(0);
    }
  });

  it('never takes a refund below 0: points already spent are not clawed back', async () => {
    const shopper = await makeShopper(t);
    const orderId = 9_200_000 + shopper.id;
    await earnOnOrder(shopper.id, orderId, 100);
    await spendOnOrder(shopper.id, orderId + 1, 70);
    expect(await reverseForRefund({ userId: shopper.id, orderId, refundId: 1, refundedTotal: 10_000, goodsPaid: 10_000 })).toBe(
      30,
    );
    expect(await pointsBalance(db(), shopper.id)).toBe(0);
  });

  it('credits a review the same points whatever its stars, once per review', async () => {
    const shopper = await makeShopper(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => creditReviewPoints(db(), { userId: shopper.id, reviewId: 77, at: now })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    await creditReviewPoints(db(), { userId: shopper.id, reviewId: 78, at: now });
    const summary = await injectAs(t, shopper).get<TUserPoints>(PointsPaths.summary);
    expect(summary.result).toMatchObject({ balance: 2 * REVIEW_POINTS, review_points: 2 * REVIEW_POINTS });
    const reviews = await injectAs(t, shopper).get<TPointsLog>(`${PointsPaths.log}?reason=review`);
    expect(reviews.result.total).toBe(2);
    const bad = await injectAs(t, shopper).get(`${PointsPaths.log}?reason=bogus&pagesize=0`);
    expect(bad.status).toBe(400);
  });
});

describe('never below zero', () => {
  it('100 concurrent spends of 7 against a balance of 500: the sum spent never exceeds it', async () => {
    const shopper = await makeShopper(t, 500);
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => spendOnOrder(shopper.id, 8_000_000 + i, 7)));
    const spent = outcomes.filter((outcome) => outcome.status === 'fulfilled').length * 7;
    console.info(`[points] ${t.database.kind}: 100 concurrent spends of 7 on 500 → ${spent} spent, balance ${500 - spent}`);
    expect(spent).toBe(497);
    expect(await pointsBalance(db(), shopper.id)).toBe(3);
    expect((await ledgerOf(shopper.id)).reduce((sum, row) => sum + row.amount, 0)).toBe(3);
  });
});

describe('expiry, oldest first', () => {
  it('walks debits against the oldest earnings first', () => {
    const lots = pointsLots([
      { id: 1, amount: 100, created_at: 1 },
      { id: 2, amount: 50, created_at: 2 },
      { id: 3, amount: -120, created_at: 3 },
      { id: 4, amount: 40, created_at: 4 },
    ]);
    expect(lots.map((lot) => lot.left)).toEqual([0, 30, 40]);
  });

  it('expires what is left of points 12 months old as one row, tells the shopper 30 days before, each once', async () => {
    const shopper = await makeShopper(t);
    await db().updateTable('users').set({ marketing_consent: 1 }).where('id', '=', shopper.id).execute();
    const start = now;
    try {
      const credit = (points: number, id: number, at: number) =>
        creditPoints(db(), {
          userId: shopper.id,
          points,
          reason: 'staff_adjustment',
          source: { type: 'adjustment', id: `exp-${shopper.id}-${id}` },
          at,
        });
      await credit(100, 1, start);
      await credit(50, 2, start + 40 * DAY);
      await spendOnOrder(shopper.id, 7_000_000 + shopper.id, 60, start + 50 * DAY);

      // 31 days before the first earning's 12 months: nothing to say yet
      const firstExpiry = pointsExpireAt(start);
      now = firstExpiry - 31 * DAY;
      await t.app.services.jobs.run(JOB.pointsExpiry, now);
      expect(await expiringEvents(shopper.id)).toHaveLength(0);

      // 29 days before: the 40 left of the first earning are told about, once
      now = firstExpiry - 29 * DAY;
      const soon = await t.app.services.loyalty.points(shopper.id);
      expect(soon).toMatchObject({ balance: 90, expiring_points: 40, expiring_at: firstExpiry });
      await t.app.services.jobs.run(JOB.pointsExpiry, now);
      await t.app.services.jobs.run(JOB.pointsExpiry, now + DAY);
      const notices = await expiringEvents(shopper.id);
      expect(notices.map((row) => JSON.parse(row.payload))).toEqual([
        expect.objectContaining({ points: 40, expires_at: firstExpiry }),
      ]);
      await t.app.services.jobs.run(JOB.eventDispatch, now + DAY);
      const mail = await db().selectFrom('mail_outbox').select(['subject']).where('subject', 'like', '40 of your%').execute();
      expect(mail.length).toBeGreaterThanOrEqual(1);

      // at the 12 months: the 40 expire as one row, a repeat writes nothing
      now = firstExpiry;
      await t.app.services.jobs.run(JOB.pointsExpiry, now);
      expect(await expirePointsOf(db(), shopper.id, now)).toBe(0);
      const expired = (await ledgerOf(shopper.id)).filter((row) => row.reason === 'expired');
      expect(expired).toEqual([expect.objectContaining({ amount: -40, source_type: 'expiry' })]);
      expect(await pointsBalance(db(), shopper.id)).toBe(50);

      // the second earning's turn comes 40 days later, with its own notice
      now = pointsExpireAt(start + 40 * DAY);
      await t.app.services.jobs.run(JOB.pointsExpiry, now);
      expect(await pointsBalance(db(), shopper.id)).toBe(0);
    } finally {
      now = start;
    }
  });
});

describe('the expiring-points message', () => {
  it('goes only to a shopper who takes promotions by e-mail', async () => {
    const shopper = await makeShopper(t);
    const { email } = await db().selectFrom('users').select('email').where('id', '=', shopper.id).executeTakeFirstOrThrow();
    const saved = await injectAs(t, shopper).post('/shop/user/notifications', {
      preferences: [{ category: 'promotions', email: false, inbox: true }],
    });
    expect(saved.status).toBe(200);
    const earnedAt = now - 340 * DAY;
    await creditPoints(db(), {
      userId: shopper.id,
      points: 80,
      reason: 'review',
      source: { type: 'review', id: 9_400_000 + shopper.id },
      at: earnedAt,
    });
    await t.app.services.jobs.run(JOB.pointsExpiry, now);
    await t.app.services.jobs.run(JOB.eventDispatch, now);
    expect(await expiringEvents(shopper.id)).toHaveLength(1);
    expect(await db().selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute()).toHaveLength(0);
  });
});

describe('referrals', () => {
  it('links a friend who registers with a code; refuses the inviter’s own phone and a phone already known', async () => {
    const inviterPhone = uniquePhone();
    const inviter = await register({ mobile: inviterPhone, first_name: 'Ines' });
    expect(inviter.status).toBe(200);
    const inviterId = await idOf(inviter.email);
    const code = await invitationCodeOf(inviterId);

    const own = await register({ invitation_code: code, mobile: inviterPhone });
    expect(own).toMatchObject({ status: 400, result: { fields: { invitation_code: ReferralMessages.ownCode } } });
    const ownEmail = await register({ invitation_code: code, email: inviter.email.replace('@', '+again@') });
    expect(ownEmail).toMatchObject({ status: 400, result: { fields: { invitation_code: ReferralMessages.ownCode } } });

    const knownPhone = uniquePhone();
    expect((await register({ mobile: knownPhone })).status).toBe(200);
    const known = await register({ invitation_code: code, mobile: knownPhone });
    expect(known).toMatchObject({ status: 400, result: { fields: { invitation_code: ReferralMessages.knownIdentity } } });
    expect(await db().selectFrom('users').select('id').where('email', '=', known.email).executeTakeFirst()).toBeUndefined();

    // ten at once with one fresh phone: one friend is linked, the rest are refused
    const racePhone = uniquePhone();
    const race = await Promise.all(Array.from({ length: 10 }, () => register({ invitation_code: code, mobile: racePhone })));
    expect(race.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(race.filter((answer) => answer.status === 400)).toHaveLength(9);

    const friend = await register({ invitation_code: code.toLowerCase(), first_name: 'Fatima', last_name: 'Zahra' });
    expect(friend.status).toBe(200);
    const token = (
      await injectAs(t, null).post<{ token: string }>('/shop/login/password', {
        username: inviter.email,
        password: 'Password123',
      })
    ).result.token;
    const friends = await injectAs(t, token).get<TFriends>(PointsPaths.friends);
    expect(friends.result.total).toBe(2);
    expect(friends.result.data[0]).toMatchObject({ name: 'Fatima Z.', status: 'registered', points: 0 });
    const summary = await injectAs(t, token).get<TReferralSummary>(PointsPaths.referrals);
    expect(summary.result).toMatchObject({
      invitation_code: code,
      share_path: `/login?invite=${code}`,
      reward_points: REFERRAL_REWARD_POINTS,
      friends: { registered: 2, ordered: 0, rewarded: 0 },
      points_earned: 0,
    });
  });

  it('rewards the inviter once the friend’s first completed order outlives its return window, once', async () => {
    const inviter = await register();
    const inviterId = await idOf(inviter.email);
    const code = await invitationCodeOf(inviterId);
    const friendAnswer = await register({ invitation_code: code });
    const friend: Shopper = { id: await idOf(friendAnswer.email), token: friendAnswer.result.token };

    const order = await paidOrder(friend, 5_000);
    await complete(friend, order.id);
    await dispatch();
    const referral = await db().selectFrom('referrals').selectAll().where('friend_id', '=', friend.id).executeTakeFirstOrThrow();
    expect(referral).toMatchObject({ status: 'ordered', order_id: order.id });
    expect(referral.reward_due_at).toBeGreaterThanOrEqual(now + RETURN_WINDOW_MS);

    // a second order changes nothing; the window still open rewards nobody
    const second = await paidOrder(friend, 2_000);
    await complete(friend, second.id);
    await dispatch();
    await t.app.services.jobs.run(JOB.referralRewards, now + RETURN_WINDOW_MS - DAY);
    expect(await pointsBalance(db(), inviterId)).toBe(0);

    const due = (referral.reward_due_at as number) + 1;
    await Promise.all([t.app.services.jobs.run(JOB.referralRewards, due), t.app.services.jobs.run(JOB.referralRewards, due)]);
    await t.app.services.jobs.run(JOB.referralRewards, due + DAY);
    expect(await pointsBalance(db(), inviterId)).toBe(REFERRAL_REWARD_POINTS);
    const events = await db()
      .selectFrom('event_outbox')
      .select('payload')
      .where('type', '=', 'referral.rewarded')
      .where('payload', 'like', `%"friend_id":${friend.id},%`)
      .execute();
    expect(events).toHaveLength(1);
    expect(
      (await db().selectFrom('referrals').select('status').where('friend_id', '=', friend.id).executeTakeFirstOrThrow()).status,
    ).toBe('rewarded');
  });

  it('sends a referral whose order was refunded back to waiting, and stops at the month’s limit under concurrency', async () => {
    const inviter = await makeShopper(t);
    const count = REFERRAL_REWARDS_PER_MONTH + 5;
    const friends = await Promise.all(Array.from({ length: count + 1 }, () => makeShopper(t)));
    const dueAt = now + 1;
    for (const [index, friend] of friends.entries()) {
      const order = await paidOrder(friend, 1_000);
      await db()
        .updateTable('orders')
        .set({ status: index === count ? 7 : 4, completed_at: now })
        .where('id', '=', order.id)
        .execute();
      await db()
        .insertInto('referrals')
        .values({
          inviter_id: inviter.id,
          friend_id: friend.id,
          status: 'ordered',
          order_id: order.id,
          reward_due_at: dueAt,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const { settleReferral } = await import('./referrals');
    const rows = await db()
      .selectFrom('referrals')
      .select(['id', 'inviter_id', 'friend_id', 'order_id'])
      .where('inviter_id', '=', inviter.id)
      .execute();
    const outcomes = await Promise.all(
      rows.map((referral, index) =>
        db()
          .transaction()
          .execute((trx) => settleReferral(trx, referral, index !== count, dueAt)),
      ),
    );
    const rewarded = outcomes.filter((outcome) => outcome === 'rewarded').length;
    console.info(
      `[referrals] ${t.database.kind}: ${count} concurrent rewards, limit ${REFERRAL_REWARDS_PER_MONTH} → ${rewarded} rewarded`,
    );
    expect(rewarded).toBe(REFERRAL_REWARDS_PER_MONTH);
    expect(outcomes.filter((outcome) => outcome === 'monthly_limit')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'order_returned')).toHaveLength(1);
    expect(await pointsBalance(db(), inviter.id)).toBe(REFERRAL_REWARDS_PER_MONTH * REFERRAL_REWARD_POINTS);
  });

  it('is in Download my data, and a closing account ends its waiting referrals', async () => {
    const inviter = await makeShopper(t);
    const friend = await makeShopper(t);
    await db()
      .insertInto('referrals')
      .values({ inviter_id: inviter.id, friend_id: friend.id, status: 'registered', created_at: now, updated_at: now })
      .execute();
    const exported = await exportAccount(db(), friend.id, now);
    expect(exported.referrals).toEqual([
      expect.objectContaining({ inviter_id: inviter.id, friend_id: friend.id, status: 'registered' }),
    ]);
    await closeReferrals(db(), friend.id, now);
    expect(
      await db().selectFrom('referrals').select(['status', 'note']).where('friend_id', '=', friend.id).executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'not_rewarded',
      note: 'account_closed',
    });
  });
});

describe('POST /admin/users/:id/points', () => {
  it('adjusts with a reason behind points.adjust: the ledger names the staff member, the audit trail keeps the reason', async () => {
    const shopper = await makeShopper(t, 10);
    const csr = await makeStaffToken(t, 'csr');
    const path = PointsPaths.adjust(shopper.id);
    expect((await injectAs(t, csr).post(path, { points: 5, reason: 'Goodwill' })).status).toBe(403);
    expect((await injectAs(t, shopper).post(path, { points: 5, reason: 'Goodwill' })).status).toBe(401);
    expect(await injectAs(t, admin).post(path, { points: 5 })).toMatchObject({
      status: 400,
      result: { fields: { reason: 'reason is required' } },
    });
    expect(await injectAs(t, admin).post(path, { points: 0, reason: 'Nothing' })).toMatchObject({
      status: 400,
      result: { fields: { points: 'points must not be 0' } },
    });
    expect(await injectAs(t, admin).post(path, { points: -11, reason: 'Too much' })).toMatchObject({
      status: 400,
      result: { fields: { points: 'The shopper has 10 points: the balance cannot go below 0' } },
    });
    expect((await injectAs(t, admin).post(PointsPaths.adjust(2_000_000_000), { points: 5, reason: 'Nobody' })).status).toBe(404);

    const added = await injectAs(t, admin).post(path, { points: 250, reason: 'Parcel arrived late' });
    expect(added).toMatchObject({ status: 200, result: { user_id: shopper.id, points: 250, balance: 260 } });
    const taken = await injectAs(t, admin).post(path, { points: -60, reason: 'Credited twice by mistake' });
    expect(taken.result).toMatchObject({ balance: 200 });

    const rows = (await ledgerOf(shopper.id)).filter((row) => row.reason === 'staff_adjustment');
    expect(rows).toEqual([
      expect.objectContaining({ amount: 250, staff_id: expect.any(Number), note: 'Parcel arrived late' }),
      expect.objectContaining({ amount: -60, staff_id: expect.any(Number), note: 'Credited twice by mistake' }),
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'points.adjust')
      .where('object_id', '=', String(shopper.id))
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ object_type: 'user', reason: 'Parcel arrived late' });
    expect(JSON.parse(audit[0]?.before_json as string)).toEqual({ balance: 10 });
  });
});
