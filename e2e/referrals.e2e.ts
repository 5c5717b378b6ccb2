import { dirname, join } from 'node:path';
import type { TFriends } from '@shop/contracts/points';
import { REFERRAL_REWARD_POINTS } from '@shop/contracts/points-rules';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database';
import { rewardReferrals } from '../apps/server/src/workflows/order-loyalty';
import {
  apiAs,
  gotoHydrated,
  payOrder,
  placeOrder,
  registerShopper,
  signInWithTokens,
  staffToken,
  uniqueEmail,
  useBrowser,
} from './support';

const browser = useBrowser();

// The suite's server keeps its SQLite database beside the mail it receives (global-setup.ts): the
// referral-rewards job is run on it with a time past the return window, as the hourly job would
// once the window has closed.
const database = openDatabase({ kind: 'sqlite', file: join(dirname(inject('mailDir')), 'shop.db') });
afterAll(() => database.close());

describe('referrals', () => {
  it('a friend registers through the share link’s code, orders, the order completes and outlives its return window → the inviter’s points in MyPoints', async () => {
    const inviter = await registerShopper({ first_name: 'Inviting', mobile: '+12025550171' });
    const { invitation_code: code } = await apiAs(inviter.token).get<{ invitation_code: string }>('/shop/user/info');

    // the share link opens Register with the code filled in
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, `/login?invite=${code}`);
    const codeField = page.getByLabel('Enter your invitation code');
    await codeField.waitFor();
    expect(await codeField.inputValue()).toBe(code);

    // the friend registers with it, orders, pays; staff ship it and the friend receives it
    const friend = await registerShopper({
      first_name: 'Befriended',
      email: uniqueEmail('friend'),
      mobile: '+12025550172',
      invitation_code: code,
    });
    const order = await placeOrder(friend.token);
    await payOrder(friend.token, order.id);
    await apiAs(await staffToken()).post('/admin/order/ship', {
      id: order.id,
      company_code: 'ups',
      tracking_no: '1Z999AA10123456784',
    });
    await apiAs(friend.token).post('/shop/order/receive', { id: order.id });

    // the completion reaches the referral (the event-dispatch job): the friend has ordered
    const friendsOfInviter = () => apiAs(inviter.token).get<TFriends>('/shop/user/friends');
    await expect.poll(async () => (await friendsOfInviter()).data[0]?.status, { timeout: 20_000 }).toBe('ordered');
    const dueAt = (await friendsOfInviter()).data[0]?.reward_due_at as number;
    expect(dueAt).toBeGreaterThan(Date.now());

    // the return window closes: the job rewards the inviter
    expect(await rewardReferrals(database.db, dueAt - 1)).toEqual({});
    expect(await rewardReferrals(database.db, dueAt + 1)).toEqual({ rewarded: 1 });

    await signInWithTokens(page, inviter);
    await gotoHydrated(page, '/ShoppingListMain/MyPoints');
    await expect.poll(() => page.getByTestId('points-balance').textContent()).toBe(String(REFERRAL_REWARD_POINTS));
    await page.getByText('Earned for inviting a friend').waitFor();
    await gotoHydrated(page, '/ShoppingListMain/ByFriends');
    await expect.poll(() => page.getByRole('textbox', { name: 'Invitation code' }).inputValue()).toBe(code);
    expect(await page.getByRole('textbox', { name: 'Share link' }).inputValue()).toMatch(new RegExp(`/login\\?invite=${code}$`));
    await gotoHydrated(page, '/ShoppingListMain/MyFriends');
    await page.getByText('Befriended S.').waitFor();
    await page.getByText('Rewarded', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });
});
