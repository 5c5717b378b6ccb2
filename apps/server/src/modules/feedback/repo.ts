import type { ExpressionBuilder, Insertable } from 'kysely';
import { sql } from 'kysely';
import { contains } from '../../db/contains';
import type { Db } from '../../db/database';
import type { Database, FeedbackTable } from '../../db/schema';

export const DAY_MS = 86_400_000;

/** What narrows the staff's list (GET /admin/feedback). */
export type FeedbackFilter = { keyword?: string; from?: number; to?: number; rating_max?: number };

const RATING_COLUMNS = ['product_rating', 'delivery_rating', 'service_rating', 'trust_recommend_rating'] as const;

const matches =
  ({ keyword, from, to, rating_max }: FeedbackFilter) =>
  (eb: ExpressionBuilder<Database, 'feedback'>) => {
    const conditions = [];
    if (keyword) conditions.push(eb.or([contains('feedback', keyword), contains('website', keyword)]));
    if (from !== undefined) conditions.push(eb('created_at', '>=', from));
    if (to !== undefined) conditions.push(eb('created_at', '<', to));
    if (rating_max !== undefined) conditions.push(eb.or(RATING_COLUMNS.map((column) => eb(column, '<=', rating_max))));
    return eb.and(conditions);
  };

const sum = (column: keyof FeedbackTable) => sql<number | string | null>`sum(${sql.ref(column)})`;

/**
 * A row's UTC day (days since 1970-01-01), or its week: weeks start on Monday, and 1970-01-01 was a
 * Thursday, so day + 3 counts from a Monday. Whole-number division on both engines (bigint on PostgreSQL).
 */
const periodOf = (by: 'day' | 'week') =>
  by === 'day'
    ? sql<number | string>`${sql.ref('created_at')} / ${sql.lit(DAY_MS)}`
    : sql<number | string>`(${sql.ref('created_at')} / ${sql.lit(DAY_MS)} + 3) / 7`;

/** The feedback's SQL. */
export function feedbackRepo(db: Db) {
  return {
    async insert(row: Insertable<FeedbackTable>): Promise<number> {
      const inserted = await db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    page(offset: number, limit: number, filter: FeedbackFilter = {}) {
      return db
        .selectFrom('feedback')
        .selectAll()
        .where(matches(filter))
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(filter: FeedbackFilter) {
      const row = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where(matches(filter))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The count and each rating's sum, over every feedback. */
    totals() {
      return db
        .selectFrom('feedback')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          sum('product_rating').as('product_rating'),
          sum('delivery_rating').as('delivery_rating'),
          sum('service_rating').as('service_rating'),
          sum('trust_recommend_rating').as('trust_recommend_rating'),
        ])
        .executeTakeFirstOrThrow();
    },

    /** The count and each rating's sum by day or week, for feedback sent in [from, to). */
    byPeriod(by: 'day' | 'week', from: number, to: number) {
      const period = periodOf(by);
      return db
        .selectFrom('feedback')
        .select((eb) => [
          period.as('period'),
          eb.fn.countAll<number | string>().as('count'),
          sum('product_rating').as('product_rating'),
          sum('delivery_rating').as('delivery_rating'),
          sum('service_rating').as('service_rating'),
          sum('trust_recommend_rating').as('trust_recommend_rating'),
        ])
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy(period)
        .execute();
    },
  };
}
