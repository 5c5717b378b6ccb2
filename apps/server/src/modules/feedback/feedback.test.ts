import type { TTokenPair } from '@shop/contracts/auth';
import { FeedbackMessages, type TFeedbackList } from '@shop/contracts/feedback';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from '../../http/rate-limits';
import { buildUser } from '../../seed/accounts';
import { makeStaffToken } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';

let t: TestApp;
const now = Date.UTC(2026, 10, 27, 12);
const tokens: Record<string, string> = {};

appPerFile(
  async (made) => {
    t = made;
    for (const role of ['admin', 'operator', 'csr'] as const) tokens[role] = await makeStaffToken(t, role);
  },
  { clock: () => now },
);

let n = 0;
const newIp = () => `192.0.2.${++n}`;
type Fields = { fields?: Record<string, string> };
const good = {
  user_id: '',
  website: 'https://shop.example.com/home/clothings.html',
  feedback: 'Lovelydresses',
  product_rating: 5,
  delivery_rating: 4,
  service_rating: 3,
  trust_recommend_rating: 4,
};
const send = (payload: unknown, ip: string, token?: string) =>
  injectAs(t, token, { ip }).post<{ id: number } & Fields>('/api/feedback', payload);
const count = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const list = (token: string | undefined, query = '') => injectAs(t, token).get<TFeedbackList & Fields>(`/admin/feedback${query}`);

describe('POST /api/feedback', () => {
  it('thanks a guest and stores no shopper, whatever user_id the body names', async () => {
    const response = await send({ ...good, user_id: 1 }, newIp());
    expect(response.status).toBe(200);
    expect(response.msg).toBe(FeedbackMessages.thanks);
    const id = response.result.id;
    const row = await t.database.db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, feedback: 'Lovelydresses', product_rating: 5, trust_recommend_rating: 4 });
    expect(Number(row.created_at)).toBe(now);
  });

  it('links the signed-in shopper from the session', async () => {
    const ip = newIp();
    const user = await buildUser(t.database.db, { password: 'Password123' });
    const login = await injectAs(t, null, { ip }).post<TTokenPair>('/shop/login/password', {
      username: user.email,
      password: 'Password123',
    });
    const response = await send({ ...good, user_id: 999 }, ip, login.result.token);
    const id = response.result.id;
    const row = await t.database.db.selectFrom('feedback').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
  });

  it('refuses, naming the field, a missing text or rating, characters other than letters, and ratings outside 1–5; nothing is stored', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, feedback: '' }, 'feedback', FeedbackMessages.incomplete],
      [{ ...good, feedback: '   ' }, 'feedback', FeedbackMessages.incomplete],
      [{ ...good, feedback: 'good service' }, 'feedback', FeedbackMessages.textInvalid],
      [{ ...good, feedback: 'abc123' }, 'feedback', FeedbackMessages.textInvalid],
      [{ ...good, feedback: 'a'.repeat(501) }, 'feedback', FeedbackMessages.textTooLong],
      [{ ...good, product_rating: 0 }, 'product_rating', FeedbackMessages.ratingInvalid('product_rating')],
      [{ ...good, delivery_rating: 6 }, 'delivery_rating', FeedbackMessages.ratingInvalid('delivery_rating')],
      [{ ...good, service_rating: 2.5 }, 'service_rating', FeedbackMessages.ratingInvalid('service_rating')],
      [
        { ...good, trust_recommend_rating: undefined },
        'trust_recommend_rating',
        FeedbackMessages.ratingInvalid('trust_recommend_rating'),
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await send(payload, newIp());
      expect(response.status, field).toBe(400);
      expect(response.result.fields?.[field]).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('keeps Chinese characters', async () => {
    const response = await send({ ...good, feedback: '很好Nice' }, newIp());
    expect(response.status).toBe(200);
  });

  it(`is rate limited: ${FEEDBACK_LIMITS.perSender} an hour from one sender, and another sender is not held back`, async () => {
    const ip = newIp();
    for (let i = 0; i < FEEDBACK_LIMITS.perSender; i++) expect((await send(good, ip)).status).toBe(200);
    const refused = await send(good, ip);
    expect(refused.status).toBe(429);
    expect(refused.response.headers['retry-after']).toBeDefined();
    expect((await send(good, newIp())).status).toBe(200);
  });
});

describe('GET /admin/feedback', () => {
  it('needs feedback.view: 401 signed out, 403 for an operator, the list for support agents and administrators', async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await list(tokens.operator)).status).toBe(403);
    expect((await list(tokens.csr)).status).toBe(200);
    expect((await list(tokens.admin)).status).toBe(200);
  });

  it('pages newest first and gives each rating’s average over all feedback', async () => {
    // feedback of its own to page through, whatever else ran before
    for (const rating of [1, 2, 4, 5]) {
      expect((await send({ ...good, product_rating: rating, delivery_rating: 6 - rating }, newIp())).status).toBe(200);
    }
    const all = (await list(tokens.admin, '?page=1&page_size=100')).result;
    expect(all.total).toBe(await count());
    expect(all.data.map((entry) => entry.id)).toEqual([...all.data.map((entry) => entry.id)].sort((a, b) => b - a));
    const mean = (name: 'product_rating' | 'delivery_rating') =>
      Math.round((all.data.reduce((sum, entry) => sum + entry[name], 0) * 100) / all.data.length) / 100;
    expect(all.averages).toMatchObject({
      count: all.total,
      product_rating: mean('product_rating'),
      delivery_rating: mean('delivery_rating'),
    });
    const second = (await list(tokens.admin, '?page=2&page_size=2')).result;
    expect(second.data.map((entry) => entry.id)).toEqual(all.data.slice(2, 4).map((entry) => entry.id));
    const bad = await list(tokens.admin, '?page_size=1000');
    expect(bad.status).toBe(400);
    expect(bad.result.fields?.page_size).toBeDefined();
  });
});
