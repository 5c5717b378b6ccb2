// The audit trail (decision 0036): staff writes recorded with who, what, before and after;
// append-only in the database itself; a hash chain that shows a changed or deleted entry.
import type { TAuditEntry, TAuditVerification } from '@shop/contracts/audit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { makeStaff } from '../../testing/fixtures';
import { appPerFile, injectAs, type TestApp, testEngine } from '../../testing/harness';
import { canonicalJson, recordAudit } from './service';

let t: TestApp;
let adminId: number;
let adminToken: string;
let operatorToken: string;

const search = async (query: string) =>
  (await injectAs(t, adminToken).get<{ data: TAuditEntry[]; total: number }>(`/admin/audit?${query}`)).result;

const triggerText = async (name: string) =>
  (await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = ${name}`.execute(t.database.db))
    .rows[0]?.sql;

const verify = async () => (await injectAs(t, adminToken).get<TAuditVerification>('/admin/audit/verify')).result;

appPerFile(async (made) => {
  t = made;
  const admin = await makeStaff(t, 'admin', { nickname: 'Ada' });
  adminId = admin.id;
  adminToken = admin.token;
  operatorToken = (await makeStaff(t, 'operator', { nickname: 'Otto' })).token;
});

describe('the audit trail', () => {
  it('records a help page edit with who, the page before and after', async () => {
    const saved = await injectAs(t, adminToken).put('/admin/help/page', {
      key: 'about_us',
      title: 'About our shop',
      body_markdown: '## Who we are\n\nA small team.',
    });
    expect(saved.status).toBe(200);
    const { data } = await search('object_type=help_page&object_id=about_us');
    const entry = data[0];
    expect(entry).toMatchObject({
      staff_id: adminId,
      staff_name: 'Ada',
      action: 'help_page.save',
      after: { title: 'About our shop', body_markdown: '## Who we are\n\nA small team.' },
      reason: null,
    });
    expect(entry?.before).toMatchObject({ title: expect.not.stringMatching(/^About our shop$/) });
  });

  it('records nothing when the write is refused', async () => {
    const before = (await search('')).total;
    const refused = await injectAs(t, operatorToken).put('/admin/help/page', { key: 'about_us', title: 'x', body_markdown: 'y' });
    expect(refused.status).toBe(403);
    expect((await search('')).total).toBe(before);
  });

  it('is read by administrators only', async () => {
    expect((await injectAs(t, operatorToken).get('/admin/audit')).status).toBe(403);
    expect((await injectAs(t, operatorToken).get('/admin/audit/verify')).status).toBe(403);
  });

  it('searches by staff member, action and time, newest first', async () => {
    const at = Date.UTC(2026, 0, 15);
    await recordAudit(t.database.db, { staffId: adminId, action: 'test.first', object: { type: 'thing', id: 1 }, at });
    await recordAudit(t.database.db, {
      staffId: adminId,
      action: 'test.second',
      object: { type: 'thing', id: 1 },
      reason: '  damaged in transit ',
      at: at + 1000,
    });
    const both = await search(`object_type=thing&object_id=1&staff_id=${adminId}`);
    expect(both.data.map((entry) => entry.action)).toEqual(['test.second', 'test.first']);
    expect(both.data[0]?.reason).toBe('damaged in transit');
    expect((await search(`object_type=thing&from=${at + 1}`)).data.map((entry) => entry.action)).toEqual(['test.second']);
    expect((await search(`object_type=thing&to=${at + 1}`)).data.map((entry) => entry.action)).toEqual(['test.first']);
    expect((await search('action=test.first')).total).toBe(1);
    expect((await injectAs(t, adminToken).get('/admin/audit?from=yesterday')).status).toBe(400);
  });

  it('keeps one unbroken chain under concurrent appends', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        recordAudit(t.database.db, {
          staffId: adminId,
          action: 'test.concurrent',
          // an object type of its own, so the search test above finds only its own 'thing' entries
          object: { type: 'concurrent-thing', id: i },
          at: Date.now(),
        }),
      ),
    );
    expect((await search('action=test.concurrent')).total).toBe(40);
    expect(await verify()).toMatchObject({ intact: true, broken_at: null });
  });

  it('refuses updates and deletes in the database itself', async () => {
    const db = t.database.db;
    // an entry of its own: a guard on rows is not asked when there is no row to change
    await recordAudit(db, { staffId: adminId, action: 'test.guarded', object: { type: 'guarded', id: 1 }, at: Date.now() });
    await expect(sql`update audit_log set reason = 'rewritten'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('shows a changed entry when the chain is walked', async () => {
    const db = t.database.db;
    // an entry of this test's own to tamper with, put back as it was afterwards so the chain and its guard stay whole
    await recordAudit(db, { staffId: adminId, action: 'test.tampered', object: { type: 'tampered', id: 1 }, at: Date.now() });
    const { data } = await search('action=test.tampered');
    const target = data[0]?.id as number;
    const original = await db.selectFrom('audit_log').select('reason').where('id', '=', target).executeTakeFirstOrThrow();
    // SQLite cannot switch a trigger off: it is dropped below, and made again afterwards from its own text
    const guard = testEngine === 'sqlite' ? await triggerText('audit_log_no_update') : undefined;
    try {
      // Someone with the database's own keys removes the guard and rewrites history.
      if (testEngine === 'postgres') await sql`alter table audit_log disable trigger audit_log_no_update`.execute(db);
      else await sql`drop trigger audit_log_no_update`.execute(db);
      await sql`update audit_log set reason = 'nothing happened' where id = ${target}`.execute(db);
      expect(await verify()).toMatchObject({ intact: false, broken_at: target });
    } finally {
      await sql`update audit_log set reason = ${original.reason} where id = ${target}`.execute(db);
      if (testEngine === 'postgres') await sql`alter table audit_log enable trigger audit_log_no_update`.execute(db);
      else if (guard) await sql.raw(guard).execute(db);
    }
  });
});

describe('canonicalJson', () => {
  it('writes keys in one order whatever order they were set in', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}');
    expect(canonicalJson(undefined)).toBe('null');
  });
});
