import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pointsBalance } from '../modules/users/points';
import { createPostgresDatabase, testEngine } from '../testing/harness';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database';
import { migrations } from './migrations/index';

/** A database of its own on the suite's engine, migrated up to `last` (a migration's name). */
async function databaseAt(last: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  if (testEngine === 'postgres') {
    const pg = await createPostgresDatabase();
    handle = openDatabase({ kind: 'postgres', url: pg.url });
    drop = async () => {
      await handle.close();
      await pg.drop();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'shop-upgrade-'));
    handle = openDatabase({ kind: 'sqlite', file: join(dir, 'shop.db') });
    drop = async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
  return { handle, drop };
}

// biome-ignore lint/suspicious/noExplicitAny: the tables as an older migration left them
const older = (handle: DatabaseHandle) => handle.db as unknown as Kysely<any>;

const shopperRow = (email: string, points: number) => ({
  email,
  password_hash: 'not-a-hash',
  first_name: 'Old',
  last_name: 'Shopper',
  mobile: '+12025550143',
  dial_code: '1',
  avatar: '',
  invitation_code: email.slice(0, 8).toUpperCase(),
  invited_by: null,
  points,
  email_type: 1,
  marketing_consent: 0,
  marketing_consent_at: null,
  terms_accepted_at: 1,
  status: 'active',
  created_at: 1,
  updated_at: 1,
});

describe('migration 0012: the points ledger', () => {
  it('carries every counter over as an opening balance and drops the counter', async () => {
    const { handle, drop } = await databaseAt('0010-chat-invitations');
    try {
      const db = older(handle);
      const ids: number[] = [];
      for (const [email, points] of [
        ['keeps@example.com', 120],
        ['none@example.com', 0],
        ['few@example.com', 5],
      ] as const) {
        ids.push((await db.insertInto('users').values(shopperRow(email, points)).returning('id').executeTakeFirstOrThrow()).id);
      }
      await migrateToLatest(handle.db);
      expect(await Promise.all(ids.map((id) => pointsBalance(handle.db, id)))).toEqual([120, 0, 5]);
      const rows = await handle.db.selectFrom('points_ledger').selectAll().orderBy('user_id').execute();
      expect(rows.map((row) => [row.user_id, row.amount, row.reason, row.source_type, row.source_id])).toEqual([
        [ids[0], 120, 'opening_balance', 'account', String(ids[0])],
        [ids[2], 5, 'opening_balance', 'account', String(ids[2])],
      ]);
      const user = await db.selectFrom('users').selectAll().where('id', '=', ids[0]).executeTakeFirstOrThrow();
      expect(user).not.toHaveProperty('points');
    } finally {
      await drop();
    }
  });
});
