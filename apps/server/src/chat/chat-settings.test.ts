// The chat's settings in the back office: validated, kept, in the audit trail, and in force at once
// on every instance (each reads the configuration per request).
import type { TTokenPair } from '@shop/contracts/auth';
import { type TChatSettings, ZChatSettings } from '@shop/contracts/chat-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaff } from '../modules/staff/service';
import { body, createTestApp, type TestApp } from '../testing/harness';
import { DEFAULT_CHAT_CONFIG } from './config';

let t: TestApp;
let other: TestApp;
let admin: string;
let agent: string;

async function login(app: TestApp, email: string) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/admin/login',
    payload: { username: email, password: 'Staff12345' },
  });
  return body<TTokenPair>(response).result.token;
}

const call = (token: string, payload?: object) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: '/admin/kefu/config',
    payload,
    headers: { authorization: `Bearer ${token}` },
  });

/** What a visitor's widget loads, from the given instance. */
async function publicConfig(app: TestApp) {
  const response = await app.app.inject({ url: '/worker/kefu.HttpIndex/index' });
  return (response.json() as { data: { config: Record<string, unknown> } }).data.config;
}

beforeAll(async () => {
  t = await createTestApp();
  other = await createTestApp({ sameStoreAs: t });
  await buildStaff(t.database.db, { email: 'settings-admin@example.com', password: 'Staff12345', nickname: 'A', role: 'admin' });
  await buildStaff(t.database.db, { email: 'settings-agent@example.com', password: 'Staff12345', nickname: 'B', role: 'csr' });
  admin = await login(t, 'settings-admin@example.com');
  agent = await login(t, 'settings-agent@example.com');
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe('chat settings', () => {
  it('answers every setting a shop owner changes, the defaults at first', async () => {
    const response = await call(admin);
    expect(response.statusCode).toBe(200);
    const settings = ZChatSettings.parse(body<TChatSettings>(response).result);
    expect(settings.notice).toBe(DEFAULT_CHAT_CONFIG.notice);
    expect(settings.not_start_paths).toEqual(DEFAULT_CHAT_CONFIG.not_start_paths);
  });

  it('keeps a change, records it, and every instance serves it to visitors at once', async () => {
    const saved = await call(admin, {
      notice: 'Closed for the holidays until Monday.',
      notice_theme: 'warning',
      not_start_paths: ['/login', '/Checkout'],
      auto_invitation_timing: 45,
    });
    expect(saved.statusCode).toBe(200);
    expect(body<TChatSettings>(saved).result).toMatchObject({ notice_theme: 'warning', auto_invitation_timing: 45 });
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
    const trail = await t.app.inject({
      url: '/admin/audit?action=chat_settings.save',
      headers: { authorization: `Bearer ${admin}` },
    });
    const [entry] = body<{ data: Array<{ before: Record<string, unknown>; after: Record<string, unknown> }> }>(trail).result.data;
    expect(entry?.before).toMatchObject({
      notice_theme: 'info',
      auto_invitation_timing: DEFAULT_CHAT_CONFIG.auto_invitation_timing,
    });
    expect(entry?.after).toMatchObject({ notice_theme: 'warning', auto_invitation_timing: 45 });
    expect(Object.keys(entry?.after ?? {})).not.toContain('new_user_tip');
  });

  it('refuses bad values field by field and changes nothing', async () => {
    const before = await publicConfig(t);
    const refused = await call(admin, {
      notice_theme: 'neon',
      not_start_paths: ['https://elsewhere.example/'],
      auto_invitation_timing: 2,
      auto_invitation_bg: 'javascript:alert(1)',
      tourist_file_switch: 'maybe',
    });
    expect(refused.statusCode).toBe(400);
    const fields = Object.keys(body<{ fields: Record<string, string> }>(refused).result.fields);
    expect(fields).toEqual(
      expect.arrayContaining(['notice_theme', 'auto_invitation_timing', 'auto_invitation_bg', 'tourist_file_switch']),
    );
    expect(fields.some((field) => field.startsWith('not_start_paths'))).toBe(true);
    expect((await call(admin, {})).statusCode).toBe(400);
    expect(await publicConfig(t)).toEqual(before);
  });

  it('is for members who configure the chat only', async () => {
    expect((await call(agent)).statusCode).toBe(403);
    expect((await call(agent, { notice: 'x' })).statusCode).toBe(403);
  });
});
