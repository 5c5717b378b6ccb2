import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { say, signInAgent } from './chat-support';
import { axeViolations, gotoHydrated, useBrowser } from './support';

/**
 * The console's search (decision 0062): an agent on a phone finds a word a visitor wrote earlier,
 * among every conversation they may read, and opens that conversation from the result.
 */

const browser = useBrowser();

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('searching the conversations (decision 0062)', () => {
  const opened: Array<{ context: { close(): Promise<void> } }> = [];
  afterAll(async () => {
    for (const { context } of opened) await context.close();
  });

  it('an agent on a phone finds a word a visitor wrote earlier and opens that conversation', async () => {
    const agent = await browser.newPage({ viewport: { width: 390, height: 844 } });
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
    const word = `Pashmina${Date.now().toString(36)}`;
    await say(dialog, `Does the ${word} shawl come in grey?`);
    await say(dialog, 'Thanks, that was all.');
    await dialog.locator('[data-message-id]').filter({ hasText: 'Thanks, that was all.' }).waitFor();

    // later: the agent searches every conversation, in any case, with the word half typed
    await agent.page.getByRole('tab', { name: 'Search' }).click();
    const field = agent.page.getByRole('searchbox', { name: 'Search all conversations and contacts' });
    await field.fill(word.slice(0, -3).toUpperCase());
    const status = agent.page.getByRole('status').filter({ hasText: /1 message matches/ });
    await status.waitFor();
    const result = agent.page.getByRole('button', { name: new RegExp(`Does the ${word} shawl`) });
    expect(await result.locator('mark').first().textContent()).toBe(word);
    expect(await fits(agent.page)).toBeLessThanOrEqual(390);
    expect(await axeViolations(agent.page)).toEqual([]);

    await result.click();
    const pane = agent.page.getByRole('region', { name: /^Conversation with / });
    await pane
      .getByRole('region', { name: 'Messages' })
      .locator('[data-message-id]')
      .filter({ hasText: `Does the ${word} shawl come in grey?` })
      .waitFor();
    expect(await fits(agent.page)).toBeLessThanOrEqual(390);
    expect(agent.problems).toEqual([]);
    expect(guest.problems).toEqual([]);
  }, 120_000);
});
