import { CHAT_REOPEN_PARAM } from '@shop/contracts/chat-offline-rules';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { messageWith, say } from './chat-support';
import { waitForMail } from './mail';
import { axeViolations, gotoHydrated, signInToOffice, uniqueEmail, useBrowser } from './support';

/**
 * The chat when no agent is there (decision 0060): the widget says so and asks for an e-mail
 * address; an agent answers later; the reply arrives by mail, and its link reopens the same
 * conversation in the widget; an administrator reads the support reports at 1366 and 390 px.
 */

const browser = useBrowser();
const AGENT = { email: 'agent@example.com', password: 'Agent1234' };
const ADMIN = { email: 'admin@example.com', password: 'Admin1234' };

async function openChat(page: Page) {
  await page.getByRole('button', { name: /^Chat with us/ }).click();
  return page.getByRole('dialog');
}

const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('no agent there: e-mail, a later reply by mail, the link back, and the reports', () => {
  const opened: Array<{ context: { close(): Promise<void> } }> = [];
  afterAll(async () => {
    for (const { context } of opened) await context.close();
  });

  it('asks for an e-mail, mails the reply, reopens the conversation from the link, and reports it', async () => {
    // a visitor writes while no agent is online
    const guest = await browser.newPage();
    opened.push(guest);
    await gotoHydrated(guest.page, '/');
    const dialog = await openChat(guest.page);
    const notice = dialog.getByRole('region', { name: 'No agent is free right now' });
    await notice.waitFor();
    const address = notice.getByLabel('Your e-mail address');
    await address.fill('not an address');
    await notice.getByRole('button', { name: 'Save address' }).click();
    await notice.getByRole('alert').filter({ hasText: 'Please enter the correct email address' }).waitFor();
    const email = uniqueEmail('chat-away');
    await address.fill(email);
    await notice.getByRole('button', { name: 'Save address' }).click();
    await notice.getByText(`We will e-mail our reply to ${email}.`).waitFor();
    expect(await axeViolations(guest.page)).toEqual([]);

    const start = dialog.getByRole('button', { name: 'Start a conversation' });
    await dialog.getByRole('textbox', { name: 'Message' }).or(start).first().waitFor();
    if (await start.isVisible()) await start.click();
    const question = `Do you ship to Norway? ${Date.now().toString(36)}`;
    await say(dialog, question);
    await messageWith(dialog, question).waitFor();
    expect(guest.problems).toEqual([]);
    // the visitor's number, from the identity the widget keeps (the console names visitors by it)
    const token = await guest.page.evaluate(() => window.localStorage.getItem('chat_tourist_token') ?? '');
    const visitorId = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { tid: number }).tid;
    // the visitor leaves
    await guest.context.close();
    opened.splice(opened.indexOf(guest), 1);

    // an agent comes online later, gets the waiting conversation and answers
    const agent = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    opened.push(agent);
    await gotoHydrated(agent.page, '/agent/login');
    await agent.page.getByLabel('Email').fill(AGENT.email);
    await agent.page.getByLabel('Password').fill(AGENT.password);
    await agent.page.getByRole('button', { name: 'Sign in' }).click();
    await agent.page.waitForURL(/\/agent$/);
    await agent.page.getByLabel('Status').selectOption('online');
    // it waited in the queue (its last line is the queue's notice); coming online gave it to the agent
    await agent.page.getByRole('button', { name: new RegExp(`^Visitor ${visitorId}(?!\\d)`) }).click();
    const pane = agent.page.getByRole('region', { name: /^Conversation with / });
    await messageWith(pane, question).waitFor();
    const answer = `Yes, we ship to Norway in 3 days. ${Date.now().toString(36)}`;
    await say(pane, answer);
    await messageWith(pane, answer).waitFor();

    // the reply arrives by mail, with the link back
    const mail = await waitForMail(email, /replied to your chat/);
    expect(mail.text).toContain(answer);
    const link = new RegExp(`(https?://[^\\s]+\\?${CHAT_REOPEN_PARAM}=[A-Za-z0-9._%-]+)`).exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    // on another device: the link opens the chat on the same conversation, with the reply
    const back = await browser.newPage({ viewport: { width: 390, height: 844 } });
    opened.push(back);
    await gotoHydrated(back.page, new URL(link as string).pathname + new URL(link as string).search);
    const reopened = back.page.getByRole('dialog');
    await messageWith(reopened, answer).waitFor();
    await messageWith(reopened, question).waitFor();
    expect(back.page.url()).not.toContain(CHAT_REOPEN_PARAM);
    expect(back.problems).toEqual([]);

    // an administrator reads the reports: wide, then on a phone
    const office = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    opened.push(office);
    await signInToOffice(office.page, ADMIN.email, ADMIN.password);
    await office.page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Chat reports' }).click();
    await office.page.getByRole('heading', { level: 1, name: 'Chat reports' }).waitFor();
    const report = office.page.locator('[data-report]');
    await report.waitFor();
    const conversations = report.getByText('Conversations', { exact: true }).locator('xpath=following-sibling::dd[1]');
    expect(Number(await conversations.textContent())).toBeGreaterThanOrEqual(1);
    await office.page.locator('[data-chart="conversations"] canvas').waitFor();
    const agents = office.page.getByRole('table', { name: 'Figures per agent, most conversations first' });
    await agents.getByRole('row').nth(1).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const days = office.page.getByRole('table', { name: /^Figures per day/ });
    await days.getByRole('rowheader', { name: today }).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);

    await office.page.setViewportSize({ width: 390, height: 844 });
    await office.page.reload();
    await office.page.locator('[data-report]').waitFor();
    await office.page.locator('[data-chart="first-response"] canvas').waitFor();
    expect(await fitsPhone(office.page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(office.page)).toEqual([]);
    expect(office.problems).toEqual([]);
    expect(agent.problems).toEqual([]);
  }, 180_000);
});
