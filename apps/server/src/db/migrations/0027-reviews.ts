import { type Kysely, sql } from 'kysely';
import { idColumn, time } from './columns';

/**
 * Reviews from verified buyers (decision 0041). A review belongs to one line of a delivered order,
 * and a line has at most one (unique order_item_id), however many submissions race. Its status is
 * published, pending (held by the moderation rules for staff) or rejected (with the reason staff
 * chose). Likes: one per shopper and review (the primary key). Photos: each re-encoded file the
 * shopper uploaded, kept by its path, and the review that uses it once one does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('reviews'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('order_item_id', 'integer', (c) => c.notNull().unique().references('order_items.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('fit', 'varchar(8)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('held_for', 'varchar(200)')
    .addColumn('reject_reason', 'varchar(200)')
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0).check(sql`likes >= 0`))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('moderated_at', time)
    .addColumn('moderated_by', 'integer', (c) => c.references('staff.id'))
    .execute();
  await db.schema.createIndex('reviews_goods').on('reviews').columns(['goods_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('reviews_user').on('reviews').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('reviews_status').on('reviews').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('review_likes')
    .addColumn('review_id', 'integer', (c) => c.notNull().references('reviews.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('review_likes_pk', ['review_id', 'user_id'])
    .execute();

  await idColumn(db, db.schema.createTable('review_photos'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('url', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('review_id', 'integer', (c) => c.references('reviews.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_photos_review').on('review_photos').columns(['review_id', 'position']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_photos').execute();
  await db.schema.dropTable('review_likes').execute();
  await db.schema.dropTable('reviews').execute();
}
