// The chat's settings in the back office: validated, kept, in the audit trail, and in force at once
// on every instance (each reads the configuration per request).
import type { TTokenPair } from '@shop/contracts/auth';
import { type TChatSettings, ZChatSettings } from '@shop/contracts/chat-settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildStaff } from '../modules/staff/service';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';
import { CHAT_CONFIG_SETTING, DEFAULT_CHAT_CONFIG } from './config';

let t: TestApp;
let other: TestApp;
let admin: string;
let agent: string;

async function login(email: string) {
  const signedIn = await injectAs(t, null).post<TTokenPair>('/admin/login', { username: email, password: 'Staff12345' });
  return signedIn.result.token;
}

/** The chat's settings as the back office reads them. */
const readSettings = (token: string) => injectAs(t, token).get<TChatSettings>('/admin/kefu/config');
/** Saves a change to the chat's settings (its answer: the settings, or a refusal's fields). */
const saveSettings = <T = TChatSettings>(token: string, payload: object) =>
  injectAs(t, token).post<T>('/admin/kefu/config', payload);

/** What a visitor's widget loads, from the given instance. */
async function publicConfig(app: TestApp) {
  const answer = await injectAs(app, null).get('/worker/kefu.HttpIndex/index');
  return (answer.response.json() as { data: { config: Record<string, unknown> } }).data.config;
}

beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ sameStoreAs: t });
  await buildStaff(t.database.db, { email: 'settings-admin@example.com', password: 'Staff12345', nickname: 'A', role: 'admin' });
  await buildStaff(t.database.db, { email: 'settings-agent@example.com', password: 'Staff12345', nickname: 'B', role: 'csr' });
  admin = await login('settings-admin@example.com');
  agent = await login('settings-agent@example.com');
});
// every test starts from the defaults, whatever an earlier one saved
beforeEach(async () => {
  await t.database.db.deleteFrom('settings').where('key', '=', CHAT_CONFIG_SETTING).execute();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('chat settings', () => {
  it('answers every setting a shop owner changes, the defaults at first', async () => {
    const answer = await readSettings(admin);
    expect(answer.status).toBe(200);
    const settings = ZChatSettings.parse(answer.result);
    expect(settings.notice).toBe(DEFAULT_CHAT_CONFIG.notice);
    expect(settings.not_start_paths).toEqual(DEFAULT_CHAT_CONFIG.not_start_paths);
  });

  it('keeps a change, records it, and every instance serves it to visitors at once', async () => {
    const saved = await saveSettings(admin, {
      notice: 'Closed for the holidays until Monday.',
      notice_theme: 'warning',
      not_start_paths: ['/login', '/Checkout'],
      auto_invitation_timing: 45,
    });
    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({ notice_theme: 'warning', auto_invitation_timing: 45 });
    for (const app of [t, other]) {
      expect(await publicConfig(app)).toMatchObject({
        notice: 'Closed for the holidays until Monday.',
        notice_theme: 'warning',
        not_start_paths: ['/login', '/Checkout'],
        auto_invitation_timing: 45,
        // what was not sent stays as it was
        new_user_tip: DEFAULT_CHAT_CONFIG.new_user_tip,
      });
    }
    const trail = await injectAs(t, admin).get<{
      data: Array<{ before: Record<string, unknown>; after: Record<string, unknown> }>;
    }>('/admin/audit?action=chat_settings.save');
    const [entry] = trail.result.data;
    expect(entry?.before).toMatchObject({
      notice_theme: 'info',
      auto_invitation_timing: DEFAULT_CHAT_CONFIG.auto_invitation_timing,
    });
    expect(entry?.after).toMatchObject({ notice_theme: 'warning', auto_invitation_timing: 45 });
    expect(Object.keys(entry?.after ?? {})).not.toContain('new_user_tip');
  });

  it('refuses bad values field by field and changes nothing', async () => {
    const before = await publicConfig(t);
    const refused = await saveSettings<{ fields: Record<string, string> }>(admin, {
      notice_theme: 'neon',
      not_start_paths: ['https://elsewhere.example/'],
      auto_invitation_timing: 2,
      auto_invitation_bg: 'javascript:alert(1)',
      tourist_file_switch: 'maybe',
    });
    expect(refused.status).toBe(400);
    const fields = Object.keys(refused.result.fields);
    expect(fields).toEqual(
      expect.arrayContaining(['notice_theme', 'auto_invitation_timing', 'auto_invitation_bg', 'tourist_file_switch']),
    );
    expect(fields.some((field) => field.startsWith('not_start_paths'))).toBe(true);
    expect((await saveSettings(admin, {})).status).toBe(400);
    expect(await publicConfig(t)).toEqual(before);
  });

  it('is for members who configure the chat only', async () => {
    expect((await readSettings(agent)).status).toBe(403);
    expect((await saveSettings(agent, { notice: 'x' })).status).toBe(403);
  });
});
