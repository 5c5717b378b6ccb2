import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/**
 * A value kept in the settings table, created once with `create()` when missing. Every instance on
 * the same database reads the same value, so nothing has to be configured to scale out.
 */
export async function settingOrCreate(db: Db, key: string, create: () => string): Promise<string> {
  const existing = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('settings')
    .values({ key, value: create() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

export const randomSecret = () => randomBytes(48).toString('base64url');

/** Writes a value to the settings table, replacing the one there; in the caller's transaction when given one. */
export async function saveSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
