import { type Kysely, sql } from 'kysely';
import { idColumn, isPostgres, time } from './columns';

/**
 * The storefront catalogue: colour and size attribute values on every SKU (backfilled from the
 * SKUs' names), visit counts, browsing history, indexes for the listing sorts, and the full-text
 * index of goods. Full-text search is the one engine feature worth its own SQL (decision 0001):
 * an FTS5 table on SQLite and a tsvector table with a GIN index on PostgreSQL, each kept in step
 * with goods, SKU colours and category names by triggers, whoever writes the rows.
 *
 * A product's search document: its name, its category and the category's ancestors (three levels),
 * its SKU colours and its description, weighted in that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await idColumn(db, db.schema.createTable('attribute_values'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('attribute_values_kind_name', ['kind', 'name'])
    .execute();

  // Nullable only because SQLite cannot add a NOT NULL column with a foreign key; every writer sets them.
  await db.schema
    .alterTable('skus')
    .addColumn('color_value_id', 'integer', (c) => c.references('attribute_values.id'))
    .execute();
  await db.schema
    .alterTable('skus')
    .addColumn('size_value_id', 'integer', (c) => c.references('attribute_values.id'))
    .execute();
  await backfillAttributeValues(db);
  await db.schema.createIndex('skus_color_value').on('skus').columns(['color_value_id', 'goods_id']).execute();
  await db.schema.createIndex('skus_size_value').on('skus').columns(['size_value_id', 'goods_id']).execute();

  await db.schema
    .alterTable('goods')
    .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The listing sorts over visible goods: newest, price, best selling.
  await db.schema.createIndex('goods_status_created').on('goods').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('goods_status_price').on('goods').columns(['status', 'min_price']).execute();
  await db.schema.createIndex('goods_status_sales').on('goods').columns(['status', 'sales']).execute();

  await db.schema
    .createTable('browsing_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id').onDelete('cascade'))
    .addColumn('viewed_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('browsing_history_pk', ['user_id', 'goods_id'])
    .execute();
  await db.schema.createIndex('browsing_history_recent').on('browsing_history').columns(['user_id', 'viewed_at']).execute();
  await db.schema.createIndex('browsing_history_goods').on('browsing_history').column('goods_id').execute();

  if (isPostgres(db)) await createPostgresSearch(db);
  else await createSqliteSearch(db);
}

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'];
const SUIT_LENGTHS: Record<string, number> = { S: 0, R: 1, L: 2 };

/**
 * The display order of a value as this migration knew it (frozen here: the catalogue's own rule
 * may change later without changing what this migration wrote): colours 0; sizes run letters,
 * children's ages, numbers, suits, then One Size.
 */
function attributeSort(kind: 'color' | 'size', name: string): number {
  if (kind === 'color') return 0;
  const size = name.trim().toUpperCase();
  const letter = LETTER_SIZES.indexOf(size);
  if (letter >= 0) return 100 + letter;
  const age = /^(\d{1,2})Y$/.exec(size);
  if (age) return 200 + Number(age[1]);
  if (/^\d{1,3}(\.\d)?$/.test(size)) return 1_000 + Math.round(Number(size) * 10);
  const suit = /^(\d{2})([SRL])$/.exec(size);
  if (suit) return 3_000 + Number(suit[1]) * 10 + (SUIT_LENGTHS[suit[2] ?? 'R'] ?? 1);
  if (size === 'ONE SIZE') return 9_000;
  return 9_500;
}

async function backfillAttributeValues(db: Kysely<unknown>) {
  const { rows: colors } = await sql<{ name: string }>`select distinct color as name from skus order by color`.execute(db);
  const { rows: sizes } = await sql<{ name: string }>`select distinct size as name from skus order by size`.execute(db);
  const values = [
    ...colors.map((r) => ({ kind: 'color' as const, name: r.name })),
    ...sizes.map((r) => ({ kind: 'size' as const, name: r.name })),
  ];
  for (let i = 0; i < values.length; i += 200) {
    const batch = values.slice(i, i + 200);
    await sql`insert into attribute_values (kind, name, sort) values ${sql.join(
      batch.map((v) => sql`(${v.kind}, ${v.name}, ${attributeSort(v.kind, v.name)})`),
    )}`.execute(db);
  }
  await sql`update skus set
      color_value_id = (select a.id from attribute_values a where a.kind = 'color' and a.name = skus.color),
      size_value_id = (select a.id from attribute_values a where a.kind = 'size' and a.name = skus.size)`.execute(db);
}

/** The category ids of a product's category and its two ancestors, as a SQL condition on `c.id`. */
const categoryAndAncestors = (categoryId: string) => `(
  c.id = ${categoryId}
  or c.id = (select p.parent_id from categories p where p.id = ${categoryId})
  or c.id = (select gp.parent_id from categories gp where gp.id = (select p.parent_id from categories p where p.id = ${categoryId})))`;

/** The goods of a category, its children and grandchildren: the goods whose document names it. */
const goodsUnder = (categoryId: string) => `(select g.id from goods g where g.category_id = ${categoryId}
  or g.category_id in (select ch.id from categories ch where ch.parent_id = ${categoryId})
  or g.category_id in (select gc.id from categories gc join categories ch on gc.parent_id = ch.id where ch.parent_id = ${categoryId}))`;

async function createSqliteSearch(db: Kysely<unknown>) {
  await sql`create virtual table goods_search using fts5(
      name, category, colors, description,
      tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
  // Writes the documents of the goods whose ids the SQL expression `ids` yields (rowid = goods id).
  const insert = (ids: string) => `
    insert into goods_search (rowid, name, category, colors, description)
    select g.id, g.name,
      coalesce((select group_concat(c.name, ' ') from categories c where ${categoryAndAncestors('g.category_id')}), ''),
      coalesce((select group_concat(distinct s.color) from skus s where s.goods_id = g.id), ''),
      g.description
    from goods g where g.id in ${ids};`;
  const refresh = (ids: string) => `delete from goods_search where rowid in ${ids}; ${insert(ids)}`;
  const statements = [
    `create trigger goods_search_goods_insert after insert on goods begin ${refresh('(new.id)')} end`,
    `create trigger goods_search_goods_update after update of name, description, category_id on goods begin ${refresh('(new.id)')} end`,
    'create trigger goods_search_goods_delete after delete on goods begin delete from goods_search where rowid = old.id; end',
    // A SKU matters to the document only when it brings a colour the product did not have, or takes its last one away.
    `create trigger goods_search_skus_insert after insert on skus
      when not exists (select 1 from skus o where o.goods_id = new.goods_id and o.color = new.color and o.id <> new.id)
      begin ${refresh('(new.goods_id)')} end`,
    `create trigger goods_search_skus_update after update of color, goods_id on skus
      when old.color <> new.color or old.goods_id <> new.goods_id
      begin ${refresh('(old.goods_id, new.goods_id)')} end`,
    `create trigger goods_search_skus_delete after delete on skus
      when not exists (select 1 from skus o where o.goods_id = old.goods_id and o.color = old.color)
      begin ${refresh('(old.goods_id)')} end`,
    `create trigger goods_search_categories_update after update of name, parent_id on categories
      begin ${refresh(goodsUnder('new.id'))} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql.raw(insert('(select id from goods)')).execute(db);
}

async function createPostgresSearch(db: Kysely<unknown>) {
  const statements = [
    `create table goods_search (
      goods_id integer primary key references goods(id) on delete cascade,
      document tsvector not null)`,
    'create index goods_search_document on goods_search using gin (document)',
    `create function goods_search_refresh(ids integer[]) returns void language sql as $$
      insert into goods_search (goods_id, document)
      select g.id,
        setweight(to_tsvector('english', g.name), 'A') ||
        setweight(to_tsvector('english', coalesce((select string_agg(c.name, ' ') from categories c where ${categoryAndAncestors('g.category_id')}), '')), 'B') ||
        setweight(to_tsvector('english', coalesce((select string_agg(distinct s.color, ' ') from skus s where s.goods_id = g.id), '')), 'C') ||
        setweight(to_tsvector('english', g.description), 'D')
      from goods g where g.id = any(ids)
      on conflict (goods_id) do update set document = excluded.document
    $$`,
    // Inserts and deletes refresh once per statement (a seed writes thousands of SKUs in a few statements).
    `create function goods_search_goods_inserted() returns trigger language plpgsql as $$
      begin perform goods_search_refresh(array(select id from changed)); return null; end $$`,
    `create function goods_search_goods_changed() returns trigger language plpgsql as $$
      begin perform goods_search_refresh(array[new.id]); return null; end $$`,
    `create function goods_search_skus_written() returns trigger language plpgsql as $$
      begin perform goods_search_refresh(array(select distinct goods_id from changed)); return null; end $$`,
    `create function goods_search_skus_changed() returns trigger language plpgsql as $$
      begin perform goods_search_refresh(array[old.goods_id, new.goods_id]); return null; end $$`,
    `create function goods_search_category_changed() returns trigger language plpgsql as $$
      begin perform goods_search_refresh(array${goodsUnder('new.id')}); return null; end $$`,
    `create trigger goods_search_goods_insert after insert on goods
      referencing new table as changed for each statement execute function goods_search_goods_inserted()`,
    `create trigger goods_search_goods_update after update of name, description, category_id on goods for each row
      when (old.name is distinct from new.name or old.description is distinct from new.description
        or old.category_id is distinct from new.category_id)
      execute function goods_search_goods_changed()`,
    `create trigger goods_search_skus_insert after insert on skus
      referencing new table as changed for each statement execute function goods_search_skus_written()`,
    `create trigger goods_search_skus_delete after delete on skus
      referencing old table as changed for each statement execute function goods_search_skus_written()`,
    `create trigger goods_search_skus_update after update of color, goods_id on skus for each row
      when (old.color is distinct from new.color or old.goods_id is distinct from new.goods_id)
      execute function goods_search_skus_changed()`,
    `create trigger goods_search_categories_update after update of name, parent_id on categories for each row
      when (old.name is distinct from new.name or old.parent_id is distinct from new.parent_id)
      execute function goods_search_category_changed()`,
    'select goods_search_refresh(array(select id from goods))',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop table goods_search').execute(db);
    for (const trigger of [
      'goods_search_goods_insert on goods',
      'goods_search_goods_update on goods',
      'goods_search_skus_insert on skus',
      'goods_search_skus_delete on skus',
      'goods_search_skus_update on skus',
      'goods_search_categories_update on categories',
    ]) {
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
    for (const fn of [
      'goods_search_goods_inserted()',
      'goods_search_goods_changed()',
      'goods_search_skus_written()',
      'goods_search_skus_changed()',
      'goods_search_category_changed()',
      'goods_search_refresh(integer[])',
    ]) {
      await sql.raw(`drop function ${fn}`).execute(db);
    }
  } else {
    for (const trigger of [
      'goods_search_goods_insert',
      'goods_search_goods_update',
      'goods_search_goods_delete',
      'goods_search_skus_insert',
      'goods_search_skus_update',
      'goods_search_skus_delete',
      'goods_search_categories_update',
    ]) {
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
    await sql.raw('drop table goods_search').execute(db);
  }
  await db.schema.dropTable('browsing_history').execute();
  for (const index of [
    'goods_status_created',
    'goods_status_price',
    'goods_status_sales',
    'skus_color_value',
    'skus_size_value',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('goods').dropColumn('visits').execute();
  await db.schema.alterTable('skus').dropColumn('size_value_id').execute();
  await db.schema.alterTable('skus').dropColumn('color_value_id').execute();
  await db.schema.dropTable('attribute_values').execute();
}
