import { join } from 'node:path';
import type { Db } from '../db/database';
import { seedAccounts } from './accounts';
import { seedAddresses } from './addresses';
import { seedAfterSales } from './after-sales';
import { seedCatalog } from './catalog';
import { seedDemoOrders } from './orders';

export { DEMO_ACCOUNTS } from './accounts';

/** True when the shop holds no accounts and no catalogue: a new installation. */
async function isEmpty(db: Db) {
  const [users, staff, categories] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('categories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return Number(users.n) + Number(staff.n) + Number(categories.n) === 0;
}

/**
 * Seeds the demo shop into an empty database. The claim row makes sure that of several instances
 * starting at once on one database, exactly one seeds.
 */
export async function seedDemoIfEmpty(db: Db, dataDir: string): Promise<'seeded' | 'skipped'> {
  if (!(await isEmpty(db))) return 'skipped';
  const claim = await db
    .insertInto('settings')
    .values({ key: 'demo.seeded_at', value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claim) return 'skipped';
  try {
    await seedCatalog(db, { mediaDir: join(dataDir, 'media') });
    await seedAccounts(db);
    await seedAddresses(db);
    await seedDemoOrders(db);
    await seedAfterSales(db);
  } catch (error) {
    // Give the claim back, so that the next start tries again instead of serving half a shop.
    await db.deleteFrom('settings').where('key', '=', 'demo.seeded_at').execute();
    throw error;
  }
  return 'seeded';
}
