// The back office's feedback inbox: the list's filters and the ratings' averages over time.
import type { TFeedbackList, TFeedbackTrend } from '@shop/contracts/feedback';
import { describe, expect, it } from 'vitest';
import { makeStaffToken } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';

let t: TestApp;
const DAY = 86_400_000;
// Friday 27 November 2026, noon UTC: its week began on Monday the 23rd
const now = Date.UTC(2026, 10, 27, 12);
const tokens: Record<string, string> = {};

type Row = { feedback: string; website?: string; ratings: [number, number, number, number]; at: number };
const rows: Row[] = [
  { feedback: 'Lovelydresses', ratings: [5, 5, 5, 5], at: now - 1000 },
  { feedback: 'Slowdelivery', website: 'https://shop.example.com/checkout', ratings: [4, 1, 3, 3], at: now - DAY },
  // Monday 23 November, the first day of this week
  { feedback: 'Greatfabric', ratings: [5, 3, 4, 5], at: Date.UTC(2026, 10, 23, 0, 0, 1) },
  // Sunday 22 November, the last day of the week before
  { feedback: 'Sizesruntight', ratings: [2, 4, 4, 3], at: Date.UTC(2026, 10, 22, 23, 59, 59) },
  { feedback: 'Oldnews', ratings: [1, 1, 1, 1], at: now - 200 * DAY },
];

appPerFile(
  async (made) => {
    t = made;
    for (const role of ['admin', 'operator', 'csr'] as const) tokens[role] = await makeStaffToken(t, role);
    for (const row of rows) {
      const [product_rating, delivery_rating, service_rating, trust_recommend_rating] = row.ratings;
      await t.database.db
        .insertInto('feedback')
        .values({
          user_id: null,
          website: row.website ?? 'https://shop.example.com/',
          feedback: row.feedback,
          product_rating,
          delivery_rating,
          service_rating,
          trust_recommend_rating,
          created_at: row.at,
        })
        .execute();
    }
  },
  { clock: () => now },
);

/** The back office as `role` (a support agent unless said). */
const as = (role = 'csr') => injectAs(t, tokens[role]);
const texts = (list: TFeedbackList) => list.data.map((entry) => entry.feedback);

describe('GET /admin/feedback filters', () => {
  it('searches the text and the page, any case; total counts the matches, averages stay over all feedback', async () => {
    const byText = (await as().get<TFeedbackList>('/admin/feedback?keyword=DRESS')).result;
    expect(texts(byText)).toEqual(['Lovelydresses']);
    expect(byText.total).toBe(1);
    expect(byText.averages.count).toBe(5);
    expect(texts((await as().get<TFeedbackList>('/admin/feedback?keyword=checkout')).result)).toEqual(['Slowdelivery']);
    expect((await as().get<TFeedbackList>('/admin/feedback?keyword=%25')).result.total).toBe(0);
  });

  it('keeps a time window [from, to) and the entries with a rating at most rating_max', async () => {
    const week = (await as().get<TFeedbackList>(`/admin/feedback?from=${Date.UTC(2026, 10, 23)}&to=${now - DAY / 2}`)).result;
    expect(texts(week)).toEqual(['Greatfabric', 'Slowdelivery']);
    const unhappy = (await as().get<TFeedbackList>('/admin/feedback?rating_max=2')).result;
    expect(texts(unhappy)).toEqual(['Oldnews', 'Sizesruntight', 'Slowdelivery']);
    const both = (await as().get<TFeedbackList>(`/admin/feedback?rating_max=1&from=${now - 30 * DAY}`)).result;
    expect(texts(both)).toEqual(['Slowdelivery']);
  });

  it('pages through the matches, newest first', async () => {
    const first = (await as().get<TFeedbackList>('/admin/feedback?page_size=2')).result;
    const second = (await as().get<TFeedbackList>('/admin/feedback?page_size=2&page=2')).result;
    expect(first.total).toBe(5);
    expect([...texts(first), ...texts(second)]).toEqual(['Oldnews', 'Sizesruntight', 'Greatfabric', 'Slowdelivery']);
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    for (const [query, field] of [
      ['rating_max=6', 'rating_max'],
      ['rating_max=0', 'rating_max'],
      ['from=yesterday', 'from'],
      [`keyword=${'k'.repeat(101)}`, 'keyword'],
    ] as const) {
      const response = await as().get<{ fields?: Record<string, string> }>(`/admin/feedback?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.result.fields?.[field], query).toBeTruthy();
    }
  });
});

describe('GET /admin/feedback/averages', () => {
  it('averages each rating by Monday-to-Sunday week, oldest first, empty weeks included', async () => {
    const trend = (await as().get<TFeedbackTrend>('/admin/feedback/averages?by=week&periods=3')).result;
    expect(trend.by).toBe('week');
    expect(trend.periods.map((period) => period.start)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    expect(trend.periods[0]).toMatchObject({ count: 0, product_rating: null });
    expect(trend.periods[1]).toMatchObject({ count: 1, product_rating: 2, delivery_rating: 4 });
    // this week: 5+4+5 / 3, 5+1+3 / 3, 5+3+4 / 3, 5+3+5 / 3
    expect(trend.periods[2]).toMatchObject({
      count: 3,
      product_rating: 4.67,
      delivery_rating: 3,
      service_rating: 4,
      trust_recommend_rating: 4.33,
    });
  });

  it('averages by UTC day, 30 days unless asked, 12 weeks by default', async () => {
    const days = (await as().get<TFeedbackTrend>('/admin/feedback/averages?by=day')).result;
    expect(days.periods).toHaveLength(30);
    expect(days.periods.at(-1)).toMatchObject({ start: '2026-11-27', count: 1, product_rating: 5 });
    expect(days.periods.at(-2)).toMatchObject({ start: '2026-11-26', count: 1, delivery_rating: 1 });
    expect(days.periods.at(-6)).toMatchObject({ start: '2026-11-22', count: 1 });
    expect(days.periods.reduce((sum, period) => sum + period.count, 0)).toBe(4);
    const weeks = (await as().get<TFeedbackTrend>('/admin/feedback/averages')).result;
    expect(weeks.by).toBe('week');
    expect(weeks.periods).toHaveLength(12);
  });

  it('needs feedback.view and refuses a bad period with a 400', async () => {
    expect((await as('operator').get('/admin/feedback/averages')).status).toBe(403);
    expect((await as('admin').get('/admin/feedback/averages')).status).toBe(200);
    expect((await as().get('/admin/feedback/averages?by=month')).status).toBe(400);
    expect((await as().get('/admin/feedback/averages?periods=367')).status).toBe(400);
    expect((await as().get('/admin/feedback/averages?periods=0')).status).toBe(400);
  });
});
