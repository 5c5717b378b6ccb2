import { Messages } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../seed/accounts';
import { createTestApp, injectAs, type TestApp } from '../testing/harness';
import {
  ACCOUNT_ANY_ADDRESS_ATTEMPTS_PER_WINDOW,
  ACCOUNT_ANY_ADDRESS_WINDOW_MS,
  ACCOUNT_ATTEMPTS_PER_WINDOW,
} from './rate-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '40' } });
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string, ip: string, forwardedFor?: string, app = t) =>
  injectAs(app, null, { ip, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } }).post(
    '/shop/login/password',
    { username, password },
  );

describe('rate limits on sign-in', () => {
  it('answers 429 after too many attempts on one account, without locking the owner out elsewhere', async () => {
    const victim = await buildUser(t.database.db, { password: 'Victim1234' });
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_ATTEMPTS_PER_WINDOW + 2; i++) {
      statuses.push((await login(victim.email, 'Guess12345', '10.0.0.1')).status);
    }
    expect(statuses.slice(0, ACCOUNT_ATTEMPTS_PER_WINDOW).every((s) => s === 400)).toBe(true);
    const limited = await login(victim.email, 'Victim1234', '10.0.0.1');
    expect(limited.status).toBe(429);
    expect(limited.msg).toBe(Messages.tooManyAttempts);
    expect(Number(limited.response.headers['retry-after'])).toBeGreaterThan(0);

    // the owner, from their own address, still signs in; so does everybody else
    expect((await login(victim.email, 'Victim1234', '10.0.0.2')).status).toBe(200);
    const other = await buildUser(t.database.db, { password: 'Other12345' });
    expect((await login(other.email, 'Other12345', '10.0.0.1')).status).toBe(200);
  });

  it('answers 429 to one address hammering many accounts, not to the others', async () => {
    let last = 0;
    for (let i = 0; i < 45; i++) last = (await login(`spray-${i}@example.com`, 'Guess12345', '10.0.0.9')).status;
    expect(last).toBe(429);
    const someoneElse = await buildUser(t.database.db, { password: 'Fine123456' });
    expect((await login(someoneElse.email, 'Fine123456', '10.0.0.10')).status).toBe(200);
  });
});

describe('rate limits on sign-in, per account whatever the address', () => {
  it('answers 429 to wrong passwords for one account from ever new addresses, for a short while only', async () => {
    const victim = await buildUser(t.database.db, { password: 'Victim1234' });
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_ANY_ADDRESS_ATTEMPTS_PER_WINDOW + 5; i++) {
      statuses.push((await login(victim.email, 'Guess12345', `192.0.2.${i + 1}`)).status);
    }
    expect(statuses.slice(0, ACCOUNT_ANY_ADDRESS_ATTEMPTS_PER_WINDOW).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(ACCOUNT_ANY_ADDRESS_ATTEMPTS_PER_WINDOW).every((s) => s === 429)).toBe(true);

    const limited = await login(victim.email, 'Victim1234', '198.51.100.200');
    expect(limited.status).toBe(429);
    expect(limited.msg).toBe(Messages.tooManyAttempts);
    const retryAfterS = Number(limited.response.headers['retry-after']);
    expect(retryAfterS).toBeGreaterThan(0);
    expect(retryAfterS).toBeLessThanOrEqual(ACCOUNT_ANY_ADDRESS_WINDOW_MS / 1000);

    // the other shoppers are not touched
    const other = await buildUser(t.database.db, { password: 'Other12345' });
    expect((await login(other.email, 'Other12345', '192.0.2.1')).status).toBe(200);
  });

  it('holds for staff accounts too', async () => {
    let last = 0;
    for (let i = 0; i <= ACCOUNT_ANY_ADDRESS_ATTEMPTS_PER_WINDOW; i++) {
      const response = await injectAs(t, null, { ip: `192.0.2.${100 + i}` }).post('/admin/login', {
        username: 'nobody-staff@example.com',
        password: 'Guess12345',
      });
      last = response.status;
    }
    expect(last).toBe(429);
  });
});

describe('rate limits on sign-in behind proxies', () => {
  const proxied = [
    {
      setting: '1',
      peer: '10.0.0.2',
      chain: (forged: string) => `${forged}, 203.0.113.7`,
      owner: ['10.0.0.2', '203.0.113.8'] as const,
    },
    {
      setting: '2',
      peer: '10.0.0.2',
      chain: (forged: string) => `${forged}, 203.0.113.7, 10.0.0.1`,
      owner: ['10.0.0.2', '203.0.113.8, 10.0.0.1'] as const,
    },
    {
      setting: '10.0.0.0/8',
      peer: '10.0.0.2',
      chain: (forged: string) => `${forged}, 203.0.113.7, 10.0.0.1`,
      owner: ['10.0.0.3', '203.0.113.8, 10.0.0.1'] as const,
    },
    {
      setting: undefined,
      peer: '203.0.113.7',
      chain: (forged: string) => forged,
      owner: ['203.0.113.8', '203.0.113.7'] as const,
    },
  ];

  it.each(proxied)(
    'TRUST_PROXY=$setting: 25 wrong passwords with forged, changing X-Forwarded-For get a 429',
    async ({ setting, peer, chain, owner: [ownerPeer, ownerChain] }) => {
      const behind = await createTestApp({ env: setting === undefined ? {} : { TRUST_PROXY: setting } });
      try {
        const victim = await buildUser(behind.database.db, { password: 'Victim1234' });
        const statuses: number[] = [];
        for (let i = 0; i < 25; i++) {
          statuses.push((await login(victim.email, 'Guess12345', peer, chain(`198.51.100.${i + 1}`), behind)).status);
        }
        // the client's own address (203.0.113.7) is counted, not the forged ones
        expect(statuses.indexOf(429)).toBe(ACCOUNT_ATTEMPTS_PER_WINDOW);
        expect(statuses.slice(ACCOUNT_ATTEMPTS_PER_WINDOW).every((s) => s === 429)).toBe(true);
        // the owner, from another address behind the same proxies, still signs in
        const signedIn = await login(victim.email, 'Victim1234', ownerPeer, ownerChain, behind);
        expect(signedIn.status).toBe(200);
      } finally {
        await behind.close();
      }
    },
  );
});
