import {
  CouponMessages,
  type TCouponCenterItem,
  type TCouponIndex,
  type TUserCoupon,
  type TUserCouponPage,
} from '@shop/contracts/coupons';
import { describe, expect, it } from 'vitest';
import { emit } from '../../infra/events';
import { JOB } from '../../jobs';
import {
  couponsOfUser,
  giveCoupon,
  makeCartLine,
  makeGoods,
  makeShopper,
  makeTemplate,
  pointsOf,
  registration,
  templateByCode,
} from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { exportAccount } from '../../workflows/export-account';
import { eraseCoupons } from './personal-data';

let t: TestApp;

appPerFile((made) => {
  t = made;
});

const DAY = 86_400_000;
const receive = (token: string, couponId: number) =>
  injectAs(t, token).post<TUserCoupon>('/shop/coupon/receive', { coupon_id: couponId });
const list = (token: string, query = '') => injectAs(t, token).get<TUserCouponPage>(`/shop/userCoupon/list${query}`);
const dispatch = () => t.app.services.jobs.run(JOB.eventDispatch);
const eventsOf = async (type: string) =>
  (await t.database.db.selectFrom('event_outbox').select('payload').where('type', '=', type).execute()).map(
    (row) => JSON.parse(row.payload) as Record<string, number>,
  );

describe('GET /shop/coupon/center', () => {
  it('lists the live centre templates with what remains, and for a shopper what they hold', async () => {
    const guest = await injectAs(t, null).get<{ data: TCouponCenterItem[]; total: number }>('/shop/coupon/center?limit=50');
    expect(guest.status).toBe(200);
    const codes = guest.result.data.map((item) => item.name);
    expect(codes).toContain('15% off');
    expect(codes).toContain('$5 for 500 points');
    expect(codes).not.toContain('20% off your first order');
    const fifteen = guest.result.data.find((item) => item.name === '15% off');
    expect(fifteen).toMatchObject({
      type: 'percent',
      percent: 15,
      max_discount: 20,
      min_spend: 60,
      summary: '15% off up to $20.00 on orders of $60.00 or more',
      total: 1000,
      can_receive: 0,
      reason: '',
    });

    const shopper = await makeShopper(t);
    const id = fifteen?.coupon_id ?? 0;
    expect((await receive(shopper.token, id)).status).toBe(200);
    const mine = await injectAs(t, shopper).get<{ data: TCouponCenterItem[] }>('/shop/coupon/center?limit=50');
    expect(mine.result.data.find((item) => item.coupon_id === id)).toMatchObject({
      received: 1,
      can_receive: 0,
      reason: CouponMessages.limitReached(1),
    });
    const paused = await makeTemplate(t.database.db, { name: 'Paused one', paused: 1 });
    const after = await injectAs(t, null).get<{ data: TCouponCenterItem[] }>('/shop/coupon/center?limit=50');
    expect(after.result.data.map((item) => item.coupon_id)).not.toContain(paused);
  });

  it('narrows to the points templates for RedeemPointsMore', async () => {
    const points = await injectAs(t, null).get<{ data: TCouponCenterItem[] }>('/shop/coupon/center?source=points');
    expect(points.result.data.map((item) => item.name).sort()).toEqual(['$10 for 1000 points', '$5 for 500 points']);
    expect(points.result.data.every((item) => item.source === 'points' && item.points_cost > 0)).toBe(true);
  });

  it('refuses bad paging with the field named', async () => {
    const bad = await injectAs(t, null).get<{ fields: Record<string, string> }>('/shop/coupon/center?limit=500');
    expect(bad.status).toBe(400);
    expect(bad.result.fields).toHaveProperty('limit');
  });
});

describe('POST /shop/coupon/receive', () => {
  it('gives exactly 100 of a 100-unit coupon to 300 shoppers receiving at once, and tells the others why', async () => {
    const templateId = await makeTemplate(t.database.db, { name: 'Hundred only', total: 100 });
    const shoppers = [];
    for (let i = 0; i < 300; i++) shoppers.push(await makeShopper(t));
    const answers = await Promise.all(shoppers.map((shopper) => receive(shopper.token, templateId)));
    const held = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    console.info(`receive race (${t.database.kind}): ${held.length} held, ${refused.length} refused of 300`);
    expect(held).toHaveLength(100);
    for (const answer of refused) expect(answer).toMatchObject({ status: 400, msg: CouponMessages.soldOut });
    const rows = await t.database.db.selectFrom('user_coupons').select('id').where('template_id', '=', templateId).execute();
    expect(rows).toHaveLength(100);
    const template = await t.database.db
      .selectFrom('coupon_templates')
      .select('issued')
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow();
    expect(template.issued).toBe(100);
    expect((await eventsOf('coupon.received')).filter((event) => event.coupon_id === templateId)).toHaveLength(100);
  });

  it('holds the per-shopper limit when one shopper receives many times at once', async () => {
    const templateId = await makeTemplate(t.database.db, { name: 'Two each', per_user_limit: 2 });
    const shopper = await makeShopper(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => receive(shopper.token, templateId)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer).toMatchObject({ status: 400, msg: CouponMessages.limitReached(2) });
    }
    expect(await couponsOfUser(t.database.db, shopper.id)).toHaveLength(2);
  });

  it('spends a points template’s points in the same transaction, and refuses without enough', async () => {
    const points5 = await templateByCode(t.database.db, 'POINTS5');
    const poor = await makeShopper(t, 499);
    const refused = await receive(poor.token, points5.id);
    expect(refused).toMatchObject({ status: 400, msg: 'You have 499 points' });
    expect(await couponsOfUser(t.database.db, poor.id)).toHaveLength(0);
    expect((await templateByCode(t.database.db, 'POINTS5')).issued).toBe(points5.issued);

    const rich = await makeShopper(t, 1200);
    const bought = await receive(rich.token, points5.id);
    expect(bought.status).toBe(200);
    expect(bought.result).toMatchObject({ status: 'unused', source: 'points', amount: 5, min_spend: 40 });
    expect(await pointsOf(t.database.db, rich.id)).toBe(700);
  });

  it('buys with points at once no more coupons than the balance pays for, and the balance never goes below 0', async () => {
    const points5 = await templateByCode(t.database.db, 'POINTS5');
    const shopper = await makeShopper(t, 1500);
    const answers = await Promise.all(Array.from({ length: 30 }, () => receive(shopper.token, points5.id)));
    const bought = answers.filter((answer) => answer.status === 200);
    console.info(`points receive race (${t.database.kind}): ${bought.length} bought of 30 with 1500 points`);
    expect(bought).toHaveLength(3);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(answer).toMatchObject({ status: 400, msg: 'You have 0 points' });
    expect(await pointsOf(t.database.db, shopper.id)).toBe(0);
    expect(await couponsOfUser(t.database.db, shopper.id)).toHaveLength(3);
  });

  it('refuses a template not in the centre, a paused one, one past its end, and bad input', async () => {
    const shopper = await makeShopper(t);
    const welcome = await templateByCode(t.database.db, 'WELCOME20');
    expect(await receive(shopper.token, welcome.id)).toMatchObject({ status: 400, msg: CouponMessages.notFound });
    const paused = await makeTemplate(t.database.db, { paused: 1 });
    expect(await receive(shopper.token, paused)).toMatchObject({ status: 400, msg: CouponMessages.unavailable });
    const ended = await makeTemplate(t.database.db, {
      validity: 'fixed',
      start_at: Date.now() - 10 * DAY,
      end_at: Date.now() - DAY,
      valid_days: null,
    });
    expect(await receive(shopper.token, ended)).toMatchObject({ status: 400, msg: CouponMessages.ended });
    const bad = await injectAs(t, shopper).post<{ fields: Record<string, string> }>('/shop/coupon/receive', { coupon_id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.result.fields).toHaveProperty('coupon_id');
    expect((await injectAs(t, null).post('/shop/coupon/receive', { coupon_id: paused })).status).toBe(401);
  });
});

describe('GET /shop/userCoupon/list', () => {
  it('lists unused, used and expired (worked out from the time), all for an empty status, with the counts', async () => {
    const shopper = await makeShopper(t);
    const templateId = await makeTemplate(t.database.db, { name: 'Listed' });
    const unused = await giveCoupon(t.database.db, shopper.id, templateId);
    const expired = await giveCoupon(t.database.db, shopper.id, templateId, { end_at: Date.now() - 1000 });
    const used = await giveCoupon(t.database.db, shopper.id, templateId);
    await t.database.db.updateTable('user_coupons').set({ status: 'used', used_at: Date.now() }).where('id', '=', used).execute();

    const all = await list(shopper.token, '?status=');
    expect(all.status).toBe(200);
    expect(all.result.total).toBe(3);
    expect(all.result.counts).toEqual({ unused: 1, used: 1, expired: 1 });
    const statusOf = Object.fromEntries(all.result.data.map((coupon) => [coupon.id, coupon.status]));
    expect(statusOf).toEqual({ [unused]: 'unused', [expired]: 'expired', [used]: 'used' });
    for (const status of ['unused', 'used', 'expired'] as const) {
      const tab = await list(shopper.token, `?status=${status}`);
      expect(tab.result.data.map((coupon) => coupon.status)).toEqual([status]);
    }
    const paged = await list(shopper.token, '?page=2&limit=2');
    expect(paged.result).toMatchObject({ total: 3 });
    expect(paged.result.data).toHaveLength(1);
    const bad = await list(shopper.token, '?status=lost');
    expect(bad.status).toBe(400);
    expect((await injectAs(t, null).get('/shop/userCoupon/list')).status).toBe(401);
  });
});

describe('GET /api/coupon/index', () => {
  it('prices every unused coupon for the bag: usable ones best first with the saving, the others with the reason', async () => {
    const shopper = await makeShopper(t);
    const { goodsId, skuIds } = await makeGoods(t.database.db, { name: 'Index Coat', price_cents: 8000, stock: 5 });
    const cartId = await makeCartLine(t.database.db, shopper.id, skuIds[0] as number, 1);
    const ten = await giveCoupon(t.database.db, shopper.id, await makeTemplate(t.database.db, { amount_cents: 1000 }));
    const twentyPercent = await giveCoupon(
      t.database.db,
      shopper.id,
      await makeTemplate(t.database.db, { kind: 'percent', percent: 20, amount_cents: 0, max_discount_cents: 1500 }),
    );
    const highMin = await giveCoupon(t.database.db, shopper.id, await makeTemplate(t.database.db, { min_spend_cents: 10_000 }));
    const otherGoods = await giveCoupon(
      t.database.db,
      shopper.id,
      await makeTemplate(t.database.db, { scope: 'products', goods_ids: JSON.stringify([goodsId + 100_000]) }),
    );
    const notYet = await giveCoupon(t.database.db, shopper.id, await makeTemplate(t.database.db, {}), {
      start_at: Date.now() + DAY,
    });

    const bag = await injectAs(t, shopper).get<TCouponIndex>(`/api/coupon/index?cart_ids=${cartId}`);
    expect(bag.status).toBe(200);
    expect(bag.result.goods_amount).toBe(80);
    expect(bag.result.usable.map((coupon) => [coupon.id, coupon.saving])).toEqual([
      [twentyPercent, 15],
      [ten, 10],
    ]);
    expect(bag.result.best_id).toBe(twentyPercent);
    const reasons = Object.fromEntries(bag.result.unusable.map((coupon) => [coupon.id, coupon.reason_code]));
    expect(reasons).toEqual({ [highMin]: 'min_spend', [otherGoods]: 'not_applicable', [notYet]: 'not_started' });
    expect(bag.result.unusable.find((coupon) => coupon.id === highMin)?.reason).toBe(
      'Spend at least $100.00 on eligible items to use this coupon',
    );

    const product = await injectAs(t, shopper).get<TCouponIndex>(`/api/coupon/index?goods_id=${goodsId}&num=2`);
    expect(product.result.goods_amount).toBe(160);
    expect(product.result.usable.map((coupon) => coupon.id)).toContain(highMin);

    const neither = await injectAs(t, shopper).get<{ fields: Record<string, string> }>('/api/coupon/index');
    expect(neither.status).toBe(400);
    expect(neither.result.fields).toHaveProperty('cart_ids');
    const unknown = await injectAs(t, shopper).get(`/api/coupon/index?cart_ids=${cartId + 100_000}`);
    expect(unknown.status).toBe(404);
  });
});

describe('welcome offers', () => {
  let n = 0;
  const register = async (over: Record<string, unknown> = {}) => {
    n += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/shop/login/register',
      payload: registration({
        mobile: `+1202555${String(1000 + n).slice(-4)}`,
        email: `welcome-${Date.now().toString(36)}-${n}@example.com`,
        ...over,
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const user = await t.database.db
      .selectFrom('users')
      .select(['id', 'email', 'invitation_code'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return user;
  };
  const codesOf = async (userId: number) => {
    const rows = await couponsOfUser(t.database.db, userId);
    const templates = await t.database.db.selectFrom('coupon_templates').select(['id', 'code']).execute();
    const codeOf = new Map(templates.map((row) => [row.id, row.code]));
    return rows.map((row) => codeOf.get(row.template_id));
  };

  it('grants the 20% coupon for the marketing consent, once per e-mail and once per phone', async () => {
    const first = await register({ mobile: '+12025550177' });
    const noConsent = await makeShopper(t);
    await t.database.db.transaction().execute((trx) =>
      emit(
        trx,
        'user.registered',
        {
          user_id: noConsent.id,
          email: `no-consent-${noConsent.id}@example.com`,
          first_name: 'Test',
          marketing_consent: false,
          invited_by: null,
        },
        Date.now(),
      ),
    );
    await dispatch();
    expect(await codesOf(first.id)).toEqual(['WELCOME20']);
    expect(await codesOf(noConsent.id)).toEqual([]);
    const coupon = (await couponsOfUser(t.database.db, first.id))[0];
    expect(coupon?.source).toBe('registration');
    expect((coupon?.end_at ?? 0) - (coupon?.start_at ?? 0)).toBe(30 * DAY);

    // the same phone on a new address: no second coupon
    const samePhone = await register({ mobile: '+12025550177' });
    await dispatch();
    expect(await codesOf(samePhone.id)).toEqual([]);
    // the event handled twice still grants once
    await t.database.db
      .transaction()
      .execute((trx) =>
        emit(
          trx,
          'user.registered',
          { user_id: first.id, email: first.email, first_name: 'Ada', marketing_consent: true, invited_by: null },
          Date.now(),
        ),
      );
    await dispatch();
    expect(await codesOf(first.id)).toEqual(['WELCOME20']);
  });

  it('grants the friend’s welcome coupon to a shopper registered with an invitation code', async () => {
    const inviter = await register();
    const friend = await register({ invitation_code: inviter.invitation_code });
    await dispatch();
    expect(await codesOf(inviter.id)).toEqual(['WELCOME20']);
    expect(await codesOf(friend.id)).toEqual(['WELCOME20', 'FRIEND5']);
    expect((await couponsOfUser(t.database.db, friend.id)).map((row) => row.source)).toEqual(['registration', 'referral']);
  });

  it('grants the $10 coupon once per verified address, whether by verifying or by the newsletter', async () => {
    const user = await register();
    await dispatch();
    const at = Date.now();
    await t.database.db.transaction().execute(async (trx) => {
      await emit(trx, 'user.email_verified', { user_id: user.id, email: user.email }, at);
      await emit(trx, 'newsletter.subscribed', { user_id: user.id, email: user.email.toUpperCase() }, at);
    });
    await dispatch();
    expect(await codesOf(user.id)).toEqual(['WELCOME20', 'VERIFIED10']);
    const granted = (await eventsOf('coupon.received')).filter((event) => event.user_id === user.id);
    expect(granted).toHaveLength(2);
  });
});

describe('coupon.expiring', () => {
  it('is written once for each unused coupon within 3 days of its end', async () => {
    const shopper = await makeShopper(t);
    const templateId = await makeTemplate(t.database.db);
    const soon = await giveCoupon(t.database.db, shopper.id, templateId, { end_at: Date.now() + 2 * DAY });
    const later = await giveCoupon(t.database.db, shopper.id, templateId, { end_at: Date.now() + 10 * DAY });
    await t.app.services.jobs.run(JOB.couponExpiryNotice);
    await t.app.services.jobs.run(JOB.couponExpiryNotice);
    const notices = (await eventsOf('coupon.expiring')).filter((event) => event.user_id === shopper.id);
    expect(notices.map((event) => event.user_coupon_id)).toEqual([soon]);
    expect(notices.map((event) => event.user_coupon_id)).not.toContain(later);
  });
});

describe("a shopper's data", () => {
  it('exports every coupon, and erasure removes the unused ones', async () => {
    const shopper = await makeShopper(t);
    const templateId = await makeTemplate(t.database.db);
    const kept = await giveCoupon(t.database.db, shopper.id, templateId);
    const used = await giveCoupon(t.database.db, shopper.id, templateId);
    await t.database.db.updateTable('user_coupons').set({ status: 'used' }).where('id', '=', used).execute();
    const exported = await exportAccount(t.database.db, shopper.id, Date.now());
    expect((exported.coupons as { id: number }[]).map((coupon) => coupon.id)).toEqual([kept, used]);
    await t.database.db.transaction().execute((trx) => eraseCoupons(trx, shopper.id));
    expect((await couponsOfUser(t.database.db, shopper.id)).map((row) => row.id)).toEqual([used]);
  });
});
