import { type Kysely, sql } from 'kysely';
import { idColumn, time } from './columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('categories'))
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').columns(['parent_id', 'sort']).execute();

  await idColumn(db, db.schema.createTable('goods'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('url', 'varchar(220)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('min_price', 'integer', (c) => c.notNull())
    .addColumn('max_origin_price', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('goods_category').on('goods').columns(['category_id', 'status']).execute();

  await idColumn(db, db.schema.createTable('goods_images'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('goods_images_goods').on('goods_images').columns(['goods_id', 'sort']).execute();

  await idColumn(db, db.schema.createTable('skus'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    .addColumn('color', 'varchar(40)', (c) => c.notNull())
    .addColumn('size', 'varchar(20)', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('origin_price', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().check(sqlNonNegative('stock')))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('skus_goods_color_size', ['goods_id', 'color', 'size'])
    .execute();
}

const sqlNonNegative = (column: string) => sql`${sql.ref(column)} >= 0`;

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['skus', 'goods_images', 'goods', 'categories']) {
    await db.schema.dropTable(table).execute();
  }
}
