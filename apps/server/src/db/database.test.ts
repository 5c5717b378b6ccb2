import { describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../seed/index';
import { createTestApp } from '../testing/harness';
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
