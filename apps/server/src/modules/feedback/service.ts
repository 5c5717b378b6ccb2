import {
  FEEDBACK_PERIODS_DEFAULT,
  FEEDBACK_RATINGS,
  type FeedbackPeriod,
  type TFeedbackAverages,
  type TFeedbackList,
  type TFeedbackRequest,
  type TFeedbackTrend,
} from '@shop/contracts/feedback';
import type { Db } from '../../db/database';
import { DAY_MS, type FeedbackFilter, feedbackRepo } from './repo';

type Deps = { db: Db; clock?: () => number };

/** A rating's mean to two decimals, from its sum and the count; null with no feedback. */
const mean = (sum: number | string | null, count: number) =>
  count === 0 || sum === null ? null : Math.round((Number(sum) * 100) / count) / 100;

type RatingSums = { count: number | string } & Record<(typeof FEEDBACK_RATINGS)[number], number | string | null>;

/** The count and each rating's mean, from the count and the sums. */
function averagesOf(sums: RatingSums): TFeedbackAverages {
  const count = Number(sums.count);
  const averages = { count } as TFeedbackAverages;
  for (const rating of FEEDBACK_RATINGS) averages[rating] = mean(sums[rating], count);
  return averages;
}

/** The first day of a day or week period, its number as `periodOf` counts them (repo.ts). */
const startDayOf = (by: FeedbackPeriod, period: number) => (by === 'day' ? period : period * 7 - 3);
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The feedback widget (spec 2, 3 "Feedback", 7; decision 0035): four 1–5 ratings and a text, linked
 * to the signed-in shopper taken from the session (never from the body); the staff read it page
 * by page with each rating's average.
 */
export function createFeedbackService({ db, clock = Date.now }: Deps) {
  return {
    /** POST /api/feedback: `input` as the contracts' schema parsed it; `userId` from the session. */
    async send(input: Required<Omit<TFeedbackRequest, 'user_id'>>, userId: number | null): Promise<{ id: number }> {
      const id = await feedbackRepo(db).insert({
        user_id: userId,
        website: input.website,
        feedback: input.feedback,
        product_rating: input.product_rating,
        delivery_rating: input.delivery_rating,
        service_rating: input.service_rating,
        trust_recommend_rating: input.trust_recommend_rating,
        created_at: clock(),
      });
      return { id };
    },

    /** GET /admin/feedback: newest first, narrowed by the filters, with the averages over all feedback. */
    async list({ page, page_size, ...filter }: { page: number; page_size: number } & FeedbackFilter): Promise<TFeedbackList> {
      const repo = feedbackRepo(db);
      const search = { ...filter, keyword: filter.keyword?.trim() || undefined };
      const [rows, total, totals] = await Promise.all([
        repo.page((page - 1) * page_size, page_size, search),
        repo.count(search),
        repo.totals(),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          user_id: row.user_id,
          website: row.website,
          feedback: row.feedback,
          product_rating: row.product_rating,
          delivery_rating: row.delivery_rating,
          service_rating: row.service_rating,
          trust_recommend_rating: row.trust_recommend_rating,
          create_time: Number(row.created_at),
        })),
        total,
        averages: averagesOf(totals),
      };
    },

    /**
     * GET /admin/feedback/averages: each rating's mean by UTC day or Monday-to-Sunday week, the last
     * `periods` up to the current one, oldest first, empty periods included.
     */
    async trend({ by, periods }: { by: FeedbackPeriod; periods?: number }): Promise<TFeedbackTrend> {
      const count = periods ?? FEEDBACK_PERIODS_DEFAULT[by];
      const today = Math.floor(clock() / DAY_MS);
      const current = by === 'day' ? today : Math.floor((today + 3) / 7);
      const first = current - count + 1;
      const from = startDayOf(by, first) * DAY_MS;
      const to = startDayOf(by, current + 1) * DAY_MS;
      const rows = await feedbackRepo(db).byPeriod(by, from, to);
      const found = new Map(rows.map((row) => [Number(row.period), row]));
      return {
        by,
        periods: Array.from({ length: count }, (_, index) => {
          const period = first + index;
          const row = found.get(period);
          return {
            start: isoDay(startDayOf(by, period)),
            ...averagesOf(
              row ?? {
                count: 0,
                product_rating: null,
                delivery_rating: null,
                service_rating: null,
                trust_recommend_rating: null,
              },
            ),
          };
        }),
      };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
