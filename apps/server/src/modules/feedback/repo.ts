import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { FeedbackTable } from '../../db/schema';

/** The feedback's SQL. */
export function feedbackRepo(db: Db) {
  return {
    async insert(row: Insertable<FeedbackTable>): Promise<number> {
      const inserted = await db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    page(offset: number, limit: number) {
      return db.selectFrom('feedback').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },

    /** The count and each rating's sum, over every feedback. */
    totals() {
      const sum = (column: keyof FeedbackTable) => sql<number | string | null>`sum(${sql.ref(column)})`;
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
  };
}
