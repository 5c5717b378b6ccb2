import { ChatTexts } from '@shop/contracts/chat-protocol';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { agentConversation, messageWith, say, signInAgent } from './chat-support';
import { axeViolations, gotoHydrated, useBrowser } from './support';

/**
 * Issue 18 items 2 and 5 (decision 0053): an agent resolves a conversation, the visitor rates it,
 * and the visitor's next message reopens it in the agent's Mine list; the console's list at 390 px.
 */

const browser = useBrowser();
/** an administrator holds chat.configure: a supervisor, who also sees All */
const SUPERVISOR = { email: 'admin@example.com', password: 'Admin1234' };

const views = (page: Page) => page.getByRole('group', { name: 'Whose conversations' });

describe('resolve → rate → reopen (issue 18 items 2 and 5)', () => {
  const opened: Array<{ context: { close(): Promise<void> } }> = [];
  afterAll(async () => {
    for (const { context } of opened) await context.close();
  });

  it('the agent resolves, the visitor rates, and the visitor’s next message reopens it in Mine', async () => {
    const agent = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    opened.push(agent);
    await signInAgent(agent.page);

    const guest = await browser.newPage();
    opened.push(guest);
    await gotoHydrated(guest.page, '/');
    await guest.page.getByRole('button', { name: /^Chat with us/ }).click();
    const dialog = guest.page.getByRole('dialog');
    const start = dialog.getByRole('button', { name: 'Start a conversation' });
    await dialog.getByRole('textbox', { name: 'Message' }).or(start).first().waitFor();
    if (await start.isVisible()) await start.click();
    const question = `Where is my parcel? ${Date.now().toString(36)}`;
    await say(dialog, question);

    // the conversation is the agent's: in Mine, open
    const mine = views(agent.page).getByRole('button', { name: /^Mine/ });
    expect(await mine.getAttribute('aria-pressed')).toBe('true');
    const row = agent.page.getByRole('button', { name: /Visitor \d+/ }).filter({ hasText: question });
    await row.click();
    const pane = agentConversation(agent.page);
    await messageWith(pane, question).waitFor();
    await say(pane, 'It arrives tomorrow.');
    await messageWith(dialog, 'It arrives tomorrow.').waitFor();
    expect(await axeViolations(agent.page)).toEqual([]);

    await pane.getByRole('button', { name: 'Resolve' }).click();
    await pane.getByRole('button', { name: 'Reopen' }).waitFor();
    // it leaves the open conversations of Mine
    await expect.poll(() => row.count()).toBe(0);

    // the visitor is told and asked one question
    await messageWith(dialog, ChatTexts.resolved).waitFor();
    const csat = dialog.getByRole('form', { name: 'How did we do?' });
    await csat.getByRole('button', { name: 'Send rating' }).click();
    await csat.getByRole('alert').filter({ hasText: 'Choose from 1 to 5 stars' }).waitFor();
    await csat.getByRole('radio', { name: '4 of 5 stars' }).check();
    await csat.getByLabel('Anything to add? (optional)').fill('Quick answer, thanks');
    expect(await axeViolations(guest.page)).toEqual([]);
    await csat.getByRole('button', { name: 'Send rating' }).click();
    await dialog.getByText('Thank you for rating our help!').waitFor();
    // the agent sees the rating on the conversation
    await pane.getByText('Rated 4 of 5').waitFor();
    await pane.getByText('“Quick answer, thanks”').waitFor();

    // the visitor writes again: the conversation is open, in Mine, with the agent
    await say(dialog, 'One more thing: can I change the address?');
    await messageWith(pane, 'One more thing: can I change the address?').waitFor();
    await pane.getByRole('button', { name: 'Resolve' }).waitFor();
    await agent.page
      .getByRole('button', { name: /Visitor \d+/ })
      .filter({ hasText: 'One more thing' })
      .waitFor();
    await dialog.getByText('Thank you for rating our help!').waitFor({ state: 'detached' });
    expect(agent.problems).toEqual([]);
    expect(guest.problems).toEqual([]);
  }, 120_000);

  it('shows a supervisor the lists with their counts at 390 px, without scrolling sideways', async () => {
    const agent = await browser.newPage({ viewport: { width: 390, height: 844 } });
    opened.push(agent);
    await signInAgent(agent.page, SUPERVISOR);
    const group = views(agent.page);
    for (const name of [/^Mine \d+$/, /^Unassigned \d+$/, /^All \d+$/]) await group.getByRole('button', { name }).waitFor();
    // the conversation reopened above is among every open one, with the agent who has it
    await group.getByRole('button', { name: /^All/ }).click();
    const row = agent.page.getByRole('button', { name: /Visitor \d+/ }).filter({ hasText: 'One more thing' });
    await row.getByText(/With agent no\. \d+/).waitFor();
    expect(await agent.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // the supervisor reads it (and may resolve it) but does not write in another agent's conversation
    await row.click();
    const pane = agentConversation(agent.page);
    await messageWith(pane, 'One more thing: can I change the address?').waitFor();
    await pane.getByRole('button', { name: 'Resolve' }).waitFor();
    expect(await pane.getByLabel('Message', { exact: true }).count()).toBe(0);
    expect(await agent.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await pane.getByRole('button', { name: 'Conversations' }).click();
    await agent.page.getByLabel('Show').selectOption('resolved');
    await group.getByRole('button', { name: /^Unassigned/ }).click();
    await agent.page
      .getByText(/Nobody is waiting in the queue\.|Visitor \d+/)
      .first()
      .waitFor();
    expect(await agent.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(agent.page)).toEqual([]);
    expect(agent.problems).toEqual([]);
  }, 60_000);
});
