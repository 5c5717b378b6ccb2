import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { seedDemoIfEmpty } from '../seed/index';
import { createTestApp, testEngine } from '../testing/harness';
import { checkIntegrity, migrateToLatest, openDatabase } from './database';
import { migrations } from './migrations/index';

describe('migrations and the demo seed', () => {
  it('apply once when several instances start together', async () => {
    const t = await createTestApp();
    try {
      // a second and third connection to the same database, as other instances would open
      const others = [0, 1].map(() => openDatabase(t.config.database));
      const results = await Promise.all(others.map((o) => migrateToLatest(o.db)));
      expect(results.flat()).toEqual([]);
      await Promise.all(others.map((o) => o.close()));
      const applied = await t.database.db
        .selectFrom('kysely_migration' as never)
        .selectAll()
        .execute();
      expect(applied).toHaveLength(Object.keys(migrations).length);
      expect(await checkIntegrity(t.database)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('seeds an empty shop once, even when two instances race for it', async () => {
    const t = await createTestApp();
    try {
      const outcomes = await Promise.all([seedDemoIfEmpty(t.database.db, t.dataDir), seedDemoIfEmpty(t.database.db, t.dataDir)]);
      expect(outcomes.sort()).toEqual(['seeded', 'skipped']);
      expect(await seedDemoIfEmpty(t.database.db, t.dataDir)).toBe('skipped');
      const staff = await t.database.db.selectFrom('staff').select(['email', 'role']).orderBy('email').execute();
      expect(staff).toEqual([
        { email: 'admin@example.com', role: 'admin' },
        { email: 'agent2@example.com', role: 'csr' },
        { email: 'agent@example.com', role: 'csr' },
        { email: 'operator@example.com', role: 'operator' },
      ]);
      const shopper = await t.database.db.selectFrom('users').select('email').executeTakeFirstOrThrow();
      expect(shopper.email).toBe('shopper@example.com');
      const goods = await t.database.db
        .selectFrom('goods')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(goods.n)).toBeGreaterThanOrEqual(400);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe.runIf(testEngine === 'sqlite')('SQLite checkpoints', () => {
  it('run in a worker thread: the log reaches the database file without the server checkpointing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-wal-'));
    const file = join(dir, 'shop.db');
    const handle = openDatabase({ kind: 'sqlite', file });
    try {
      const { db } = handle;
      await sql`create table notes (id integer primary key, body text not null)`.execute(db);
      const autocheckpoint = async () =>
        Number(Object.values((await sql<Record<string, number>>`pragma wal_autocheckpoint`.execute(db)).rows[0] ?? {})[0]);
      await vi.waitFor(async () => expect(await autocheckpoint()).toBe(16_384), { timeout: 5000 });

      const before = statSync(file).size;
      for (let i = 0; i < 300; i++) {
        await sql`insert into notes (body) values (${'x'.repeat(4000)})`.execute(db);
      }
      // the writes sit in the log; the worker copies them into the file
      await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 300 * 4000), { timeout: 5000 });
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testEngine === 'sqlite')('SQLite limits and offsets', () => {
  it('are written into the SQL text as whole numbers, so a statement is not prepared again on every run', async () => {
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      const { db } = handle;
      await sql`create table notes (id integer primary key, body text not null)`.execute(db);
      for (let i = 1; i <= 20; i++) await sql`insert into notes (body) values (${`note ${i}`})`.execute(db);
      const notes = db as unknown as Kysely<{ notes: { id: number; body: string } }>;
      const page = notes
        .selectFrom('notes')
        .select((eb) => [
          'id',
          eb.selectFrom('notes as n').select('n.body').whereRef('n.id', '>', 'notes.id').orderBy('n.id').limit(1).as('next'),
        ])
        .where('id', '>', 0)
        .orderBy('id')
        .limit(5)
        .offset(10);
      const compiled = page.compile();
      expect(compiled.sql).toMatch(/limit 1\) as "next" from "notes" where "id" > \? order by "id" limit 5 offset 10$/);
      expect(compiled.parameters).toEqual([0]);
      expect((await page.execute()).map((row) => [row.id, row.next])).toEqual([
        [11, 'note 12'],
        [12, 'note 13'],
        [13, 'note 14'],
        [14, 'note 15'],
        [15, 'note 16'],
      ]);
      // anything but a whole number stays a bound value, as Kysely writes it
      expect(notes.selectFrom('notes').select('id').limit(sql<number>`${2} + ${3}`).compile().sql).toMatch(/limit \? \+ \?$/);
    } finally {
      await handle.close();
    }
  });
});

describe('the text guard', () => {
  it('keeps NUL, other controls and lone surrogates from the driver, on either engine', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.database;
      await db.insertInto('settings').values({ key: 'guard.test', value: 'a\u0000b\u0007c\ud800\td' }).execute();
      await sql`update settings set value = ${'x\u0000y'} || value where key = ${'guard.test'}`.execute(db);
      const row = await db.selectFrom('settings').select('value').where('key', '=', 'guard.test').executeTakeFirstOrThrow();
      expect(row.value).toBe('xyabc\ufffd\td');
      // a lookup by a key holding NUL is cleaned as well: it answers rather than failing
      expect(
        await db.selectFrom('settings').select('value').where('key', 'in', ['\u0000', 'guard.test\u0000']).execute(),
      ).toEqual([{ value: 'xyabc\ufffd\td' }]);
    } finally {
      await t.close();
    }
  });
});
