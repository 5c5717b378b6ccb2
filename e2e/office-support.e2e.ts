import type { TQuickReply, TSupportList } from '@shop/contracts/chat-support';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForMail } from './mail';
import {
  apiAs,
  axeViolations,
  baseURL,
  gotoHydrated,
  registerShopper,
  signInToOffice,
  staffToken,
  uniqueEmail,
  useBrowser,
} from './support';

const browser = useBrowser();

/** The page fits the phone: no sideways scroll of the whole page (tables scroll in their own box). */
const fits390 = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

describe('the back office support pages', () => {
  it('an administrator reads a password-reset mail in the outbox and follows its link to choose a new password', async () => {
    const shopper = await registerShopper({ first_name: 'Forgetful' });
    const asked = await fetch(`${baseURL()}/api/reset/password/email/send?email=${encodeURIComponent(shopper.email)}`);
    expect(asked.status).toBe(200);
    const sent = await waitForMail(shopper.email, /password reset code$/);
    const code = /^(\d{6}) /.exec(sent.subject)?.[1] ?? '';

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Mail outbox' }).click();
    await page.getByRole('heading', { name: 'Mail outbox', level: 1 }).waitFor();
    const search = page.getByRole('form', { name: 'Search the mail' });
    await search.getByLabel('Recipient').fill(shopper.email);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/to=/);
    const rows = page.locator('tbody tr[data-mail]');
    // the list shown is the searched one once every row is the shopper's (the first may still be on screen)
    await expect
      .poll(async () => {
        const texts = await rows.allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes(shopper.email));
      })
      .toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await rows.filter({ hasText: 'password reset code' }).getByRole('link').click();
    const message = page.getByRole('article', { name: /password reset code$/ });
    await message.getByText(shopper.email).waitFor();
    await message.getByText(/^Sent, /).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // on a phone the message and the list fit the screen
    await page.setViewportSize({ width: 390, height: 844 });
    await fits390(page);
    await message.getByRole('link', { name: /\/forgotpassword\?/ }).click();
    await page.waitForURL(/\/forgotpassword\?/);
    const form = page.getByRole('form', { name: 'Reset your password' });
    await expect.poll(() => form.getByLabel('Email').inputValue()).toBe(shopper.email);
    await expect.poll(() => form.getByLabel('Verification code').inputValue()).toBe(code);

    // the opening is in the audit trail
    const admin = await staffToken();
    const audit = await apiAs(admin).get<{ data: Array<{ action: string }> }>('/admin/audit?action=mail.open');
    expect(audit.data.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a support agent at 390 px reads the feedback and its ratings over time, but the mail outbox is not theirs', async () => {
    const words = `Gentlefabric${Date.now().toString(36).replace(/\d/g, '')}`;
    const shopper = await registerShopper({ first_name: 'Candid' });
    const sent = await fetch(`${baseURL()}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-token': shopper.token },
      body: JSON.stringify({
        website: `${baseURL()}/product/wrap-dress.html`,
        feedback: words,
        product_rating: 5,
        delivery_rating: 2,
        service_rating: 4,
        trust_recommend_rating: 5,
      }),
    });
    expect(sent.status).toBe(200);

    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(page, 'agent@example.com', 'Agent1234');
    const menu = page.getByRole('navigation', { name: 'Back office' });
    expect(await menu.getByRole('link', { name: 'Mail outbox' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'Feedback' }).click();
    await page.getByRole('heading', { name: 'Feedback', level: 1 }).waitFor();
    // the ratings over time: the chart and its figures in a table
    await page.locator('[data-chart="ratings"] canvas').waitFor();
    await page.getByText('The figures by week').click();
    await page.getByRole('table', { name: /Average of each rating by week/ }).waitFor();
    await page.getByRole('button', { name: 'By day' }).click();
    await page.getByText('The figures by day').click();
    await page.getByRole('table', { name: /Average of each rating by day/ }).waitFor();

    const filter = page.getByRole('form', { name: 'Filter the feedback' });
    await filter.getByLabel('Text or page').fill(words);
    await filter.getByLabel('Ratings').selectOption('2');
    await filter.getByRole('button', { name: 'Filter' }).click();
    const row = page.locator('tbody tr[data-feedback]');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /^Open the feedback/ }).click();
    const detail = page.getByRole('article', { name: /^Feedback of / });
    await detail.getByText(words).waitFor();
    await detail.getByText('2 of 5').waitFor();
    await detail.getByRole('link', { name: /^Customer \d+$/ }).waitFor();
    await fits390(page);
    expect(await axeViolations(page)).toEqual([]);

    await gotoHydrated(page, '/office/mail');
    await page.getByRole('heading', { name: 'Not available to your role' }).waitFor();
    const agent = await staffToken('agent@example.com', 'Agent1234');
    const refused = await fetch(`${baseURL()}/admin/mail/list`, { headers: { authorization: `Bearer ${agent}` } });
    expect(refused.status).toBe(403);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an administrator adds, edits and deletes a shared quick reply the agents then pick from, and a knowledge-base entry (390 px)', async () => {
    const stamp = uniqueEmail('qr').split('@')[0] ?? 'qr';
    const text = `Our parcels leave within two days (${stamp}).`;
    const agent = await staffToken('agent@example.com', 'Agent1234');
    const agentReplies = async () =>
      (await apiAs(agent).get<TSupportList<TQuickReply>>(`/admin/kefu/quickReply/list?page_size=100&keyword=${stamp}`)).data.map(
        (reply) => reply.content,
      );

    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(page, 'admin@example.com', 'Admin1234');
    await gotoHydrated(page, '/office/quick-replies');
    await page.getByRole('button', { name: 'New quick reply' }).click();
    const form = page.getByRole('form', { name: 'New quick reply' });
    // checked before it is sent
    await form.getByRole('button', { name: 'Add quick reply' }).click();
    await form.getByText('Please enter the reply').waitFor();
    await form.getByLabel('Title (optional)').fill(`Shipping ${stamp}`);
    await form.getByLabel('Reply').fill(text);
    await form.getByLabel('Shared with every agent').check();
    await form.getByRole('button', { name: 'Add quick reply' }).click();
    await page.getByRole('status').filter({ hasText: 'The quick reply was added.' }).waitFor();
    await expect.poll(agentReplies).toEqual([text]);

    const search = page.getByRole('form', { name: 'Search titles and texts' });
    await search.getByLabel('Search titles and texts').fill(stamp);
    await search.getByRole('button', { name: 'Search' }).click();
    const row = page.locator('tbody tr[data-quick-reply]');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('Every agent').waitFor();
    await fits390(page);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Edit Shipping ${stamp}` }).click();
    const edit = page.getByRole('form', { name: `Edit Shipping ${stamp}` });
    await edit.getByLabel('Reply').fill(`${text} Tracked.`);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'The quick reply was saved.' }).waitFor();
    await expect.poll(agentReplies).toEqual([`${text} Tracked.`]);

    await row.getByRole('button', { name: `Delete Shipping ${stamp}` }).click();
    const confirm = page.getByRole('region', { name: `Delete the quick reply “Shipping ${stamp}”?` });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    expect(await agentReplies()).toHaveLength(1);
    await row.getByRole('button', { name: `Delete Shipping ${stamp}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`No quick reply holds “${stamp}”.`).waitFor();
    expect(await agentReplies()).toEqual([]);

    // the knowledge base: an entry added, found by its answer
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Knowledge base' }).click();
    await page.getByRole('button', { name: 'New entry' }).click();
    const entry = page.getByRole('form', { name: 'New knowledge-base entry' });
    await entry.getByLabel('Questions, one a line').fill(`Do you ship abroad ${stamp}?\nInternational shipping`);
    await entry.getByLabel('Answer', { exact: true }).fill(`Yes, to 40 countries (${stamp}).`);
    await entry.getByRole('button', { name: 'Add entry' }).click();
    await page.getByRole('status').filter({ hasText: 'The entry was added.' }).waitFor();
    const kbSearch = page.getByRole('form', { name: 'Search questions and answers' });
    await kbSearch.getByLabel('Search questions and answers').fill(`40 countries (${stamp}`);
    await kbSearch.getByRole('button', { name: 'Search' }).click();
    const kbRow = page.locator('tbody tr[data-kb-entry]');
    await expect.poll(() => kbRow.count()).toBe(1);
    await kbRow.getByText('International shipping').waitFor();
    await fits390(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
