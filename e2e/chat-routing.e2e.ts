import { ChatTexts } from '@shop/contracts/chat-protocol';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { agentConversation, messageWith, say, signInAgent } from './chat-support';
import { axeViolations, gotoHydrated, useBrowser } from './support';

/**
 * The routing in Chromium (decision 0057): an agent invites a visitor who consults now and is
 * answered by that agent; a visitor queued while no one is free is shown in the agents' queue and
 * given to the agent who signs in; a transfer changes the agent in the visitor's header at once.
 */

const browser = useBrowser();
const ALICE = { email: 'agent@example.com', password: 'Agent1234', nickname: 'Alice (Support)' };
const BEN = { email: 'agent2@example.com', password: 'Agent1234', nickname: 'Ben (Support)' };

type Opened = Awaited<ReturnType<typeof browser.newPage>>;
const opened: Opened[] = [];
afterAll(async () => {
  for (const { context } of opened) await context.close();
});

async function open(width = 1366) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  opened.push(page);
  return page;
}

const chatDialog = (page: Page) => page.getByRole('dialog');
const header = (page: Page, nickname: string) => chatDialog(page).getByRole('heading', { name: nickname });

describe('chat routing', () => {
  it('an agent invites a visitor, who consults now and is answered by that agent', async () => {
    const alice = await open();
    await signInAgent(alice.page, ALICE, { online: false });
    await alice.page.getByLabel('Status').selectOption('online');

    const guest = await open();
    const stamp = `routing-${Date.now().toString(36)}`;
    await gotoHydrated(guest.page, `/?from=${stamp}`);

    // the console's visitors list shows the visitor on the page they opened; the agent invites them
    await alice.page.getByRole('tab', { name: 'Visitors' }).click();
    const row = alice.page.locator('[data-tourist-id]').filter({ hasText: stamp });
    await expect
      .poll(async () => {
        await alice.page.getByRole('button', { name: 'Refresh' }).click();
        return row.count();
      })
      .toBe(1);
    await row.getByRole('button', { name: /^Invite: / }).click();

    const invitation = guest.page.locator('[data-chat-invitation]');
    await invitation.waitFor();
    await invitation.getByRole('button', { name: 'Consult now' }).click();
    const dialog = chatDialog(guest.page);
    await header(guest.page, ALICE.nickname).waitFor();
    await say(dialog, 'Hello, which size is a 38?');

    await alice.page.getByRole('tab', { name: /^Conversations/ }).click();
    await alice.page
      .getByRole('button', { name: /Visitor \d+/ })
      .filter({ hasText: 'which size is a 38' })
      .click();
    const pane = agentConversation(alice.page);
    await messageWith(pane, 'Hello, which size is a 38?').waitFor();
    await say(pane, 'A 38 is an M.');
    await messageWith(dialog, 'A 38 is an M.').waitFor();
    expect(alice.problems).toEqual([]);
    expect(guest.problems).toEqual([]);
  }, 90_000);

  it('queues a visitor while no one is free, shows them in the queue, drains them to the agent who signs in, and a transfer changes the visitor’s header', async () => {
    // the only agent at work steps away: a new visitor waits
    const alice = await open();
    await signInAgent(alice.page, ALICE, { online: false });
    await alice.page.getByLabel('Status').selectOption('busy');
    const guest = await open();
    await gotoHydrated(guest.page, '/');
    await guest.page.getByRole('button', { name: /^Chat with us/ }).click();
    const dialog = chatDialog(guest.page);
    const start = dialog.getByRole('button', { name: 'Start a conversation' });
    await dialog.getByRole('textbox', { name: 'Message' }).or(start).first().waitFor();
    if (await start.isVisible()) await start.click();
    const question = `Do you ship to Lisbon? ${Date.now().toString(36)}`;
    await say(dialog, question);
    await messageWith(dialog, ChatTexts.queued).waitFor();

    // the queue, live in the console: the count on its tab, who waits and their first words
    const queueTab = alice.page.getByRole('tab', { name: /^Queue/ });
    await queueTab.locator('[data-queue-count]').waitFor();
    await queueTab.click();
    const queue = alice.page.getByTestId('chat-queue');
    const waiting = queue.locator('[data-queue-session]').filter({ hasText: question });
    await waiting.getByText(/^Waiting since /).waitFor();
    const visitorName = (await waiting.locator('p').first().textContent()) ?? '';
    expect(visitorName).toMatch(/^Visitor \d+$/);
    expect(await axeViolations(alice.page)).toEqual([]);

    // a second agent signs in: the visitor is theirs at once, and leaves the queue
    const ben = await open();
    await signInAgent(ben.page, BEN, { online: false });
    await header(guest.page, BEN.nickname).waitFor();
    await waiting.waitFor({ state: 'detached' });
    // its row previews the last message, the queue's notice: it is found by the visitor's name
    await ben.page.getByRole('button', { name: new RegExp(`^${visitorName}\\b`) }).click();
    const pane = agentConversation(ben.page);
    await messageWith(pane, question).waitFor();
    await say(pane, 'Yes, in three days.');
    await messageWith(dialog, 'Yes, in three days.').waitFor();

    // the second agent hands the conversation to the first: the visitor's header follows at once
    await ben.page.getByRole('tab', { name: 'Transfer' }).click();
    const panel = ben.page.getByRole('form', { name: 'Transfer' });
    await panel.getByRole('radio', { name: ALICE.nickname }).check();
    await panel.getByRole('button', { name: 'Transfer conversation' }).click();
    await panel.getByRole('button', { name: 'Confirm transfer' }).click();
    await header(guest.page, ALICE.nickname).waitFor();
    // and shows the agent as they are: busy
    await dialog.locator('[data-chat-agent-status]').getByText('Busy').waitFor();
    expect(await dialog.getByText('Yes, in three days.').count()).toBe(1);
    expect(alice.problems).toEqual([]);
    expect(ben.problems).toEqual([]);
    expect(guest.problems).toEqual([]);
  }, 120_000);
});
