import { Messages } from '@shop/contracts';
import type { TStaffInfo, TTokenPair } from '@shop/contracts/auth';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../seed/accounts';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { buildStaff } from './service';

let t: TestApp;
appPerFile(async (made) => {
  t = made;
  await buildStaff(t.database.db, { email: 'agent@example.com', password: 'Agent1234', nickname: 'Alice', role: 'csr' });
  await buildStaff(t.database.db, { email: 'admin@example.com', password: 'Admin1234', nickname: 'Admin', role: 'admin' });
});

const staffLogin = (username: string, password: string) =>
  injectAs(t, null).post<TTokenPair>('/admin/login', { username, password });

describe('staff accounts', () => {
  it('signs an agent in and tells who it is', async () => {
    const signedIn = await staffLogin('agent@example.com', 'Agent1234');
    expect(signedIn.status).toBe(200);
    const { token } = signedIn.result;
    // the token as the office sends it, an Authorization bearer
    const me = await injectAs(t, null).get<TStaffInfo>('/admin/info', { authorization: `Bearer ${token}` });
    expect(me.result).toMatchObject({ username: 'agent@example.com', nickname: 'Alice', role: 'csr' });
  });

  it('keeps staff and shoppers apart in both directions', async () => {
    const staffToken = (await staffLogin('admin@example.com', 'Admin1234')).result.token;
    expect((await injectAs(t, staffToken).get('/shop/user/info')).status).toBe(401);

    const shopper = await buildUser(t.database.db);
    const shopperToken = (
      await injectAs(t, null).post<TTokenPair>('/shop/login/password', {
        username: shopper.email,
        password: shopper.password,
      })
    ).result.token;
    expect((await injectAs(t, shopperToken).get('/admin/info')).status).toBe(401);
    expect((await staffLogin(shopper.email, shopper.password)).msg).toBe(Messages.badCredentials);
  });

  it('refuses a wrong password with the generic message', async () => {
    const refused = await staffLogin('agent@example.com', 'Wrong12345');
    expect(refused.status).toBe(400);
    expect(refused.msg).toBe(Messages.badCredentials);
  });
});
