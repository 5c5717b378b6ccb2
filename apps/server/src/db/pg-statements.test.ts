import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testEngine } from '../testing/harness';
import type { Db } from './database';
import { createStatementNames, isStalePreparedStatement } from './pg-statements';
import { inTransaction } from './transaction';

/** A stand-in connection that records what each query was sent as. */
function fakeClient() {
  const sent: Array<{ name?: string; text: string }> = [];
  const client = {
    query: async (first: string | { name?: string; text: string }) => {
      sent.push(typeof first === 'string' ? { text: first } : { name: first.name, text: first.text });
      return { rows: [], rowCount: 0, command: 'SELECT' };
    },
  };
  return { client: client as unknown as pg.PoolClient, sent };
}

describe('statement names', () => {
  it('name a data statement from its second run, the same name on every connection', async () => {
    const names = createStatementNames();
    const a = fakeClient();
    const b = fakeClient();
    names.install(a.client);
    names.install(b.client);
    const text = 'select "id" from "goods" where "id" = $1';
    await a.client.query(text, [1]);
    await a.client.query(text, [2]);
    await b.client.query(text, [3]);
    expect(a.sent.map((q) => q.name)).toEqual([undefined, 's0']);
    expect(b.sent.map((q) => q.name)).toEqual(['s0']);
  });

  it('leave transaction control, other commands and texts past the limit unnamed', async () => {
    const names = createStatementNames({ prepared: 2, after: 1 });
    const { client, sent } = fakeClient();
    names.install(client);
    for (const text of ['begin', 'commit', 'lock table "goods"', 'create index "x" on "goods" ("id")']) {
      await client.query(text, []);
      await client.query(text, []);
    }
    for (const id of [1, 2, 3]) await client.query(`select ${id} as "n" where 1 = $1`, [1]);
    expect(sent.map((q) => q.name)).toEqual([...Array(8).fill(undefined), 's0', 's1', undefined]);
    expect(names.size).toBe(2);
  });
});

describe.runIf(testEngine === 'postgres')('prepared statements on PostgreSQL', () => {
  type Probe = { id: number; label: string };
  let database: { url: string; drop: () => Promise<void> };
  let pool: pg.Pool;
  let db: Kysely<Record<'probe_a' | 'probe_b' | 'probe_c', Probe>>;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    // one connection, so that every statement meets the prepared statements of the ones before
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const names = createStatementNames();
    pool.on('connect', (client) => names.install(client));
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    // a table of each test's own: the tests run in any order
    for (const table of ['probe_a', 'probe_b', 'probe_c']) {
      await sql`create table ${sql.table(table)} (id integer primary key, label text not null)`.execute(db);
      await sql`insert into ${sql.table(table)} values (1, 'one')`.execute(db);
    }
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  /** The statements the session holds prepared, as PostgreSQL lists them. */
  const prepared = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);

  it('are parsed once per connection and give the same answers', async () => {
    const text = 'select "label" from "probe_a" where "id" = $1';
    const read = () => db.selectFrom('probe_a').select('label').where('id', '=', 1).execute();
    expect(await read()).toEqual([{ label: 'one' }]);
    expect(await prepared()).not.toContain(text);
    expect([await read(), await read()]).toEqual([[{ label: 'one' }], [{ label: 'one' }]]);
    expect(await prepared()).toContain(text);
  });

  it('run again unnamed when a migration changed the columns a prepared statement returns', async () => {
    const outside = () => db.selectFrom('probe_b').selectAll().where('id', '=', 1).execute();
    const inside = () =>
      inTransaction(db as never as Db, (trx) =>
        (trx as never as typeof db).selectFrom('probe_b').selectAll().where('label', '=', 'one').execute(),
      );
    for (let i = 0; i < 2; i++) {
      await outside();
      await inside();
    }
    expect(await prepared()).toEqual(
      expect.arrayContaining(['select * from "probe_b" where "id" = $1', 'select * from "probe_b" where "label" = $1']),
    );
    await sql`alter table probe_b add column note text not null default 'added'`.execute(db);
    // outside a transaction at once; inside one, which PostgreSQL aborts, by running it again
    expect(await outside()).toEqual([{ id: 1, label: 'one', note: 'added' }]);
    expect(await inside()).toEqual([{ id: 1, label: 'one', note: 'added' }]);
    // and unnamed from then on
    await sql`alter table probe_b add column size integer not null default 7`.execute(db);
    expect(await outside()).toEqual([{ id: 1, label: 'one', note: 'added', size: 7 }]);
    expect(await inside()).toEqual([{ id: 1, label: 'one', note: 'added', size: 7 }]);
  });

  it('tell a stale prepared statement from other errors', async () => {
    const missing = await sql`select * from no_such_table`.execute(db).catch((e: unknown) => e);
    expect(isStalePreparedStatement(missing)).toBe(false);
    const query = { name: 'stale_probe', text: 'select * from probe_c where id = $1', values: [1] };
    await pool.query(query);
    await pool.query('alter table probe_c add column extra integer');
    const stale = await pool.query(query).catch((e: unknown) => e);
    expect(isStalePreparedStatement(stale)).toBe(true);
  });
});
