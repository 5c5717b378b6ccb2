import { FEEDBACK_RATINGS, type TFeedbackAverages, type TFeedbackList, type TFeedbackRequest } from '@shop/contracts/feedback';
import type { Db } from '../../db/database';
import { feedbackRepo } from './repo';

type Deps = { db: Db; clock?: () => number };

/** A rating's mean to two decimals, from its sum and the count; null with no feedback. */
const mean = (sum: number | string | null, count: number) =>
  count === 0 || sum === null ? null : Math.round((Number(sum) * 100) / count) / 100;

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

    /** GET /admin/feedback: newest first, with the averages over all feedback. */
    async list(query: { page: number; page_size: number }): Promise<TFeedbackList> {
      const repo = feedbackRepo(db);
      const [rows, totals] = await Promise.all([repo.page((query.page - 1) * query.page_size, query.page_size), repo.totals()]);
      const count = Number(totals.count);
      const averages = { count } as TFeedbackAverages;
      for (const rating of FEEDBACK_RATINGS) averages[rating] = mean(totals[rating], count);
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
        total: count,
        averages,
      };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
