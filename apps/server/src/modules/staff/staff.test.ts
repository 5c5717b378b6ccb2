import { Messages } from '@shop/contracts';
import type { TStaffInfo, TTokenPair } from '@shop/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../seed/accounts';
import { body, createTestApp, type TestApp } from '../../testing/harness';
import { buildStaff } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await buildStaff(t.database.db, { email: 'agent@example.com', password: 'Agent1234', nickname: 'Alice', role: 'csr' });
  await buildStaff(t.database.db, { email: 'admin@example.com', password: 'Admin1234', nickname: 'Admin', role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

const staffLogin = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/admin/login', payload: { username, password } });

describe('staff accounts', () => {
  it('signs an agent in and tells who it is', async () => {
    const response = await staffLogin('agent@example.com', 'Agent1234');
    expect(response.statusCode).toBe(200);
    const { token } = body<TTokenPair>(response).result;
    const me = await t.app.inject({ method: 'GET', url: '/admin/info', headers: { authorization: `Bearer ${token}` } });
    expect(body<TStaffInfo>(me).result).toMatchObject({ username: 'agent@example.com', nickname: 'Alice', role: 'csr' });
  });

  it('keeps staff and shoppers apart in both directions', async () => {
    const staffToken = body<TTokenPair>(await staffLogin('admin@example.com', 'Admin1234')).result.token;
    const asShopper = await t.app.inject({ method: 'GET', url: '/shop/user/info', headers: { 'user-token': staffToken } });
    expect(asShopper.statusCode).toBe(401);

    const shopper = await buildUser(t.database.db);
    const shopperToken = body<TTokenPair>(
      await t.app.inject({
        method: 'POST',
        url: '/shop/login/password',
        payload: { username: shopper.email, password: shopper.password },
      }),
    ).result.token;
    const asStaff = await t.app.inject({ method: 'GET', url: '/admin/info', headers: { 'user-token': shopperToken } });
    expect(asStaff.statusCode).toBe(401);
    expect(body(await staffLogin(shopper.email, shopper.password)).msg).toBe(Messages.badCredentials);
  });

  it('refuses a wrong password with the generic message', async () => {
    const response = await staffLogin('agent@example.com', 'Wrong12345');
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(Messages.badCredentials);
  });
});
