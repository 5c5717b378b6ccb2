import { Messages } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../seed/accounts';
import { body, createTestApp, type TestApp } from '../testing/harness';
import { ACCOUNT_ATTEMPTS_PER_WINDOW } from './rate-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '40' } });
});
afterAll(async () => {
  await t?.close();
});

const login = (username: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/shop/login/password', payload: { username, password }, remoteAddress: ip });

describe('rate limits on sign-in', () => {
  it('answers 429 after too many attempts on one account, without locking the owner out elsewhere', async () => {
    const victim = await buildUser(t.database.db, { password: 'Victim1234' });
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_ATTEMPTS_PER_WINDOW + 2; i++) {
      statuses.push((await login(victim.email, 'Guess12345', '10.0.0.1')).statusCode);
    }
    expect(statuses.slice(0, ACCOUNT_ATTEMPTS_PER_WINDOW).every((s) => s === 400)).toBe(true);
    const limited = await login(victim.email, 'Victim1234', '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(body(limited).msg).toBe(Messages.tooManyAttempts);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // the owner, from their own address, still signs in; so does everybody else
    expect((await login(victim.email, 'Victim1234', '10.0.0.2')).statusCode).toBe(200);
    const other = await buildUser(t.database.db, { password: 'Other12345' });
    expect((await login(other.email, 'Other12345', '10.0.0.1')).statusCode).toBe(200);
  });

  it('answers 429 to one address hammering many accounts, not to the others', async () => {
    let last = 0;
    for (let i = 0; i < 45; i++) last = (await login(`spray-${i}@example.com`, 'Guess12345', '10.0.0.9')).statusCode;
    expect(last).toBe(429);
    const someoneElse = await buildUser(t.database.db, { password: 'Fine123456' });
    expect((await login(someoneElse.email, 'Fine123456', '10.0.0.10')).statusCode).toBe(200);
  });
});
