import type { TOrderDetail } from '@shop/contracts/orders';
import type { TReturnDetail } from '@shop/contracts/returns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  axeViolations,
  gotoHydrated,
  payOrder,
  placeOrder,
  registerShopper,
  signInToOffice,
  signInWithTokens,
  staffToken,
  useBrowser,
} from './support';

/** Issue 17 item 9 (decision 0055): the customer profile's returns, conversations, staff notes and erasure. */

const browser = useBrowser();

/** A delivered order of the shopper's and a refund asked for one line of it. */
async function returnAskedFor(token: string) {
  const order = await placeOrder(token);
  await payOrder(token, order.id);
  await apiAs(await staffToken()).post('/admin/order/ship', {
    id: order.id,
    company_code: 'ups',
    tracking_no: '1Z999AA10123456785',
  });
  await apiAs(token).post('/shop/order/receive', { id: order.id });
  const detail = await apiAs(token).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
  return apiAs(token).post<TReturnDetail>('/shop/orderRefund/refundReturn', {
    order_id: order.id,
    items: detail.lines.map((line) => ({ order_item_id: line.id, num: 1 })),
    reason: 'Too small',
    description: 'Runs a size small',
    type: 'refund',
  });
}

async function openProfile(page: Page, email: string, name: string) {
  await gotoHydrated(page, `/office/customers?q=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

describe('the back office: a customer profile', () => {
  it('an administrator sees a return and a conversation, adds a note, and erases another account at 390 px', async () => {
    const stamp = Date.now().toString(36);
    const shopper = await registerShopper({ first_name: 'Profile', last_name: `Reader${stamp}` });
    const asked = await returnAskedFor(shopper.token);

    // the shopper writes to the support desk from the shop, signed in
    const visitor = await browser.newPage();
    await signInWithTokens(visitor.page, shopper);
    await gotoHydrated(visitor.page, '/');
    await visitor.page.getByRole('button', { name: /^Chat with us/ }).click();
    const dialog = visitor.page.getByRole('dialog');
    const start = dialog.getByRole('button', { name: 'Start a conversation' });
    await dialog.getByRole('textbox', { name: 'Message' }).or(start).first().waitFor();
    if (await start.isVisible()) await start.click();
    const question = `Is the scarf back in stock? ${stamp}`;
    const box = dialog.getByRole('textbox', { name: 'Message' });
    await box.fill(question);
    await box.press('Control+Enter');
    await dialog.locator('[data-message-id]').filter({ hasText: question }).waitFor();
    await visitor.context.close();

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await openProfile(page, shopper.email, `Profile Reader${stamp}`);

    const returns = page.getByRole('region', { name: /^Returns/ });
    await returns.getByRole('link', { name: asked.return_no }).waitFor();

    const chats = page.getByRole('region', { name: 'Conversations' });
    await chats.getByRole('button', { name: /^Read/ }).first().click();
    const transcript = page.getByRole('region', { name: 'Conversation transcript' });
    await transcript.getByText(question).waitFor();

    const notes = page.getByRole('region', { name: 'Staff notes' });
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText('Please write a note').waitFor();
    await notes.getByLabel('New note (only staff see it)').fill(`Asked about scarves ${stamp}`);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByRole('status').filter({ hasText: 'Note added' }).waitFor();
    await notes.getByText(`Asked about scarves ${stamp}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await returns.getByRole('link', { name: asked.return_no }).click();
    await page.waitForURL(/\/office\/returns\/\d+$/);
    expect(problems).toEqual([]);
    await context.close();

    // an account with nothing pending is erased from its profile on a phone
    const leaving = await registerShopper({ first_name: 'Leaving', last_name: `Shopper${stamp}` });
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(phone.page, 'admin@example.com', 'Admin1234');
    await openProfile(phone.page, leaving.email, `Leaving Shopper${stamp}`);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.getByRole('button', { name: 'Erase the account' }).click();
    const confirm = phone.page.getByRole('dialog', { name: 'Erase the account' });
    await confirm.getByRole('button', { name: 'Erase for good' }).click();
    await confirm.getByText('Please give a reason').waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);
    await confirm.getByLabel("Reason (the shopper's request)").fill(`Asked by e-mail ${stamp}`);
    await confirm.getByRole('button', { name: 'Erase for good' }).click();
    await phone.page.getByRole('status').filter({ hasText: 'The account has been erased' }).waitFor();
    await phone.page.getByText('cancelled', { exact: true }).waitFor();
    expect(await phone.page.getByRole('button', { name: 'Erase the account' }).count()).toBe(0);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone.page)).toEqual([]);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
