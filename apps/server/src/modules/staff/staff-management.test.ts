// Staff and roles (decision 0038): invitations by e-mail, roles within the granter's own
// permissions, deactivation that signs out at once, an active administrator always kept, and a
// second factor whose codes are good once.
import { Messages } from '@shop/contracts';
import type { TStaffInfo, TTokenPair } from '@shop/contracts/auth';
import { StaffTexts, type TStaffOverview, type TTotpSetup } from '@shop/contracts/staff';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { injectAs, type Principal, type TestApp } from '../../testing/harness';
import { createMailingApp, mailDeliveredTo } from '../../testing/mailing';
import type { TestSmtpServer } from '../../testing/smtp';
import { buildStaff } from './service';

let t: TestApp;
let smtp: TestSmtpServer;
let now = Date.UTC(2026, 10, 27, 12);
const clock = () => now;
let n = 0;
const newEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}@example.com`;

/** A refusal's reasons, by field. */
type Fields = { fields?: Record<string, string> };
/** Requests as `who`, from an address of the test's own. */
const as = (who: Principal) => injectAs(t, who, { ip: `203.0.113.${(n % 200) + 1}` });
const login = (username: string, password: string, code?: string) =>
  as(null).post<TTokenPair & Fields>('/admin/login', { username, password, ...(code === undefined ? {} : { code }) });
const tokenOf = async (email: string, password = 'Staff12345') => (await login(email, password)).result.token;

async function member(role: 'admin' | 'operator' | 'csr', prefix: string = role) {
  const email = newEmail(prefix);
  const id = await buildStaff(t.database.db, { email, password: 'Staff12345', nickname: prefix, role });
  return { id, email, token: await tokenOf(email) };
}

const mailTo = (email: string) => mailDeliveredTo(t, smtp, email);

let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  ({ t, smtp } = await createMailingApp({ clock }));
});
// an administrator of each test's own: a test that deactivates the other administrators signs them out
beforeEach(async () => {
  admin = await member('admin', 'boss');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('invitations', () => {
  it('invites by e-mail; the link sets the password once, and the new member signs in with the role', async () => {
    const email = newEmail('newbie');
    const invited = await as(admin).post<{ id: number; role: string }>('/admin/staff/invite', {
      email,
      nickname: 'Nina',
      role: 'operator',
    });
    expect(invited).toMatchObject({ code: 200, msg: StaffTexts.invited, result: { role: 'operator', email } });

    const [mail] = await mailTo(email);
    expect(mail?.subject).toMatch(/invited to run .* as shop operator/);
    const token = /\/office\/accept\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    // the token is kept only as its hash
    const rows = await t.database.db.selectFrom('staff_invitations').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(token);

    const overview = await as(admin).get<TStaffOverview>('/admin/staff/list');
    expect(overview.result.invitations.map((invitation) => invitation.email)).toContain(email);

    const weak = await as(null).post('/admin/staff/accept', { token, password: 'short' });
    expect(weak.code).toBe(400);
    expect(await as(null).post('/admin/staff/accept', { token, password: 'Welcome123' })).toMatchObject({
      code: 200,
      msg: StaffTexts.accepted,
    });
    const again = await as(null).post<Fields>('/admin/staff/accept', { token, password: 'Welcome123' });
    expect(again.result.fields?.token).toBe(StaffTexts.invitationInvalid);

    const signedIn = await login(email, 'Welcome123');
    expect(signedIn.code).toBe(200);
    const info = await as(signedIn.result.token).get<TStaffInfo>('/admin/info');
    expect(info.result).toMatchObject({ username: email, nickname: 'Nina', role: 'operator', totp: false });
    const after = await as(admin).get<TStaffOverview>('/admin/staff/list');
    expect(after.result.invitations.map((invitation) => invitation.email)).not.toContain(email);
    expect(after.result.members.find((row) => row.email === email)).toMatchObject({ role: 'operator', active: true });
  });

  it('refuses an address already on the staff, an expired link, and a bad token', async () => {
    const taken = await as(admin).post<Fields>('/admin/staff/invite', { email: admin.email, nickname: 'Again', role: 'csr' });
    expect(taken.result.fields?.email).toBe(StaffTexts.alreadyStaff);

    const email = newEmail('late');
    await as(admin).post('/admin/staff/invite', { email, nickname: 'Late', role: 'csr' });
    const mails = await mailTo(email);
    const token = /token=([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] as string;
    now += 8 * 86_400_000;
    try {
      const late = await as(null).post<Fields>('/admin/staff/accept', { token, password: 'Welcome123' });
      expect(late.result.fields?.token).toBe(StaffTexts.invitationInvalid);
    } finally {
      now -= 8 * 86_400_000;
    }
    const forged = await as(null).post<Fields>('/admin/staff/accept', { token: 'x'.repeat(43), password: 'Welcome123' });
    expect(forged.result.fields?.token).toBe(StaffTexts.invitationInvalid);
  });

  it('is for members who manage staff only', async () => {
    const operator = await member('operator');
    const refused = await as(operator).post('/admin/staff/invite', { email: newEmail('x'), nickname: 'X', role: 'csr' });
    expect(refused.code).toBe(403);
  });
});

describe('roles and deactivation', () => {
  it('changes another member’s role, in the audit trail, but never one’s own', async () => {
    const agent = await member('csr', 'promoted');
    const changed = await as(admin).post<{ role: string }>('/admin/staff/role', { id: agent.id, role: 'operator' });
    expect(changed).toMatchObject({ code: 200, result: { role: 'operator' } });
    const trail = await as(admin).get<{ data: Array<{ action: string; before: unknown; after: unknown }> }>(
      `/admin/audit?object_type=staff&object_id=${agent.id}`,
    );
    expect(trail.result.data[0]).toMatchObject({
      action: 'staff.role',
      before: { role: 'csr', active: true },
      after: { role: 'operator', active: true },
    });
    const own = await as(admin).post('/admin/staff/role', { id: admin.id, role: 'csr' });
    expect(own).toMatchObject({ code: 403, msg: StaffTexts.notYourself });
  });

  it('signs a deactivated member out at once and refuses their sign-in until reactivated', async () => {
    const agent = await member('csr', 'leaving');
    expect((await as(agent).get('/admin/info')).code).toBe(200);
    const off = await as(admin).post<{ active: boolean }>('/admin/staff/active', { id: agent.id, active: false });
    expect(off).toMatchObject({ code: 200, msg: StaffTexts.deactivatedDone, result: { active: false } });
    expect((await as(agent).get('/admin/info')).code).toBe(401);
    expect(await login(agent.email, 'Staff12345')).toMatchObject({ code: 400, msg: StaffTexts.deactivated });
    await as(admin).post('/admin/staff/active', { id: agent.id, active: true });
    expect((await login(agent.email, 'Staff12345')).code).toBe(200);
  });

  it('keeps an administrator when two administrators demote each other at the same moment', async () => {
    const first = await member('admin', 'first');
    const second = await member('admin', 'second');
    // the shop's other administrators step aside, so these two are the last
    const others = (await as(first).get<TStaffOverview>('/admin/staff/list')).result.members.filter(
      (row) => row.role === 'admin' && row.active && row.id !== first.id && row.id !== second.id,
    );
    for (const other of others) await as(first).post('/admin/staff/active', { id: other.id, active: false });
    try {
      const answers = await Promise.all([
        as(first).post('/admin/staff/role', { id: second.id, role: 'csr' }),
        as(second).post('/admin/staff/role', { id: first.id, role: 'csr' }),
      ]);
      expect(answers.map((answer) => answer.code).sort()).toEqual([200, 403]);
      const admins = (
        await t.database.db.selectFrom('staff').select('id').where('role', '=', 'admin').where('active', '=', 1).execute()
      ).map((row) => row.id);
      expect(admins).toHaveLength(1);
    } finally {
      const survivor = (
        await t.database.db
          .selectFrom('staff')
          .select('id')
          .where('role', '=', 'admin')
          .where('active', '=', 1)
          .executeTakeFirstOrThrow()
      ).id;
      const token = survivor === first.id ? first.token : second.token;
      for (const other of others) await as(token).post('/admin/staff/active', { id: other.id, active: true });
    }
  });
});

describe('two-step sign-in', () => {
  it('asks for a current code once switched on, takes each code once, and is switched off with a code', async () => {
    const me = await member('admin', 'careful');
    const setup = await as(me).post<TTotpSetup>('/admin/staff/totp/setup');
    expect(setup.result.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.result.qr_svg).toMatch(/^<svg/);
    const secret = setup.result.secret;
    const codeAt = (ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

    // not in force until confirmed
    expect((await login(me.email, 'Staff12345')).code).toBe(200);
    const wrong = await as(me).post<Fields>('/admin/staff/totp/enable', { code: '000000' });
    expect(wrong.result.fields?.code).toBe(StaffTexts.codeWrong);
    expect(await as(me).post('/admin/staff/totp/enable', { code: await codeAt(now) })).toMatchObject({
      msg: StaffTexts.totpOn,
    });
    expect((await as(me).get<TStaffInfo>('/admin/info')).result.totp).toBe(true);
    // the stored secret is sealed, not the one the app scanned
    const row = await t.database.db.selectFrom('staff').select('totp_secret').where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);

    now += 30_000;
    const without = await login(me.email, 'Staff12345');
    expect(without.result.fields?.code).toBe(StaffTexts.codeRequired);
    expect((await login(me.email, 'Wrong12345', await codeAt(now))).msg).toBe(Messages.badCredentials);
    const code = await codeAt(now);
    expect((await login(me.email, 'Staff12345', code)).code).toBe(200);
    // the same code again, as someone who saw it would try
    expect((await login(me.email, 'Staff12345', code)).result.fields?.code).toBe(StaffTexts.codeWrong);

    now += 30_000;
    expect(await as(me).post('/admin/staff/totp/disable', { code: await codeAt(now) })).toMatchObject({
      msg: StaffTexts.totpOff,
    });
    expect((await login(me.email, 'Staff12345')).code).toBe(200);
  });
});
