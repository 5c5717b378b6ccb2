import { afterAll, describe, expect, it } from 'vitest';
import { AGENT, messageWith, say, signInAgent } from './chat-support';
import { apiAs, axeViolations, gotoHydrated, registerShopper, signInWithTokens, staffToken, useBrowser } from './support';

/**
 * The agents' tools (decision 0058): a private note the visitor never sees, a label and the list
 * filtered by it, and a `/` quick reply whose {name} reaches the visitor filled; the console at 390 px.
 */

const browser = useBrowser();

describe('notes, labels and / quick replies (decision 0058)', () => {
  const opened: Array<{ context: { close(): Promise<void> } }> = [];
  afterAll(async () => {
    for (const { context } of opened) await context.close();
  });

  it('keeps a note from the visitor, filters by a label, and sends a / reply with the visitor’s name filled', async () => {
    const stamp = Date.now().toString(36);
    const title = `Greeting ${stamp}`;
    await apiAs(await staffToken(AGENT.email, AGENT.password)).post('/admin/kefu/quickReply/add', {
      title,
      content: 'Hello **{name}**, thanks for writing!',
    });

    const agent = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    opened.push(agent);
    await signInAgent(agent.page);

    const shopper = await registerShopper({ first_name: `Nora${stamp}` });
    const guest = await browser.newPage();
    opened.push(guest);
    await signInWithTokens(guest.page, shopper);
    await gotoHydrated(guest.page, '/');
    await guest.page.getByRole('button', { name: /^Chat with us/ }).click();
    const dialog = guest.page.getByRole('dialog');
    const start = dialog.getByRole('button', { name: 'Start a conversation' });
    await dialog.getByLabel('Message', { exact: true }).or(start).first().waitFor();
    if (await start.isVisible()) await start.click();
    const question = `Can I still change my order? ${stamp}`;
    await say(dialog, question);

    const row = agent.page.locator('[data-session-id]').filter({ hasText: `Nora${stamp}` });
    await row.filter({ hasText: question }).click();
    const pane = agent.page.getByRole('region', { name: /^Conversation with / });
    await messageWith(pane, question).waitFor();

    // a private note: marked as such for the agent, and never sent to the visitor
    const note = `Shopper asked twice already ${stamp}`;
    await pane.getByRole('button', { name: 'Private notes (0)' }).click();
    await pane.getByLabel('Write a private note').fill(note);
    await pane.getByRole('button', { name: 'Add note' }).click();
    await pane.locator('[data-private-note]').filter({ hasText: note }).getByText('Private note').waitFor();
    await pane.getByRole('button', { name: 'Private notes (1)' }).waitFor();
    await say(pane, 'Let me check.');
    await messageWith(dialog, 'Let me check.').waitFor();
    expect(await dialog.getByText(note).count()).toBe(0);

    // fifty notes more: the panel counts all of them; opened again, it shows the newest fifty and offers the rest
    const noteField = pane.getByLabel('Write a private note');
    for (let i = 1; i <= 50; i++) {
      await noteField.fill(`Follow-up ${i} ${stamp}`);
      await noteField.press('Control+Enter');
      await pane
        .locator('[data-private-note]')
        .filter({ hasText: `Follow-up ${i} ${stamp}` })
        .waitFor();
    }
    await agent.page.reload();
    await row.filter({ hasText: 'Let me check.' }).click();
    await pane.getByRole('button', { name: 'Private notes (51)' }).click();
    await pane
      .locator('[data-private-note]')
      .filter({ hasText: `Follow-up 50 ${stamp}` })
      .waitFor();
    expect(await pane.locator('[data-private-note]').count()).toBe(50);
    expect(await pane.locator('[data-private-note]').filter({ hasText: note }).count()).toBe(0);
    await pane.getByRole('button', { name: 'Show earlier notes' }).click();
    await pane.locator('[data-private-note]').filter({ hasText: note }).waitFor();
    expect(await pane.locator('[data-private-note]').count()).toBe(51);
    expect(await pane.getByRole('button', { name: 'Show earlier notes' }).count()).toBe(0);

    // a label, shown in the header and the list, and the list filtered by it
    const label = `vip-${stamp}`;
    await pane.getByLabel('New label').fill(`  ${label}  `);
    await pane.getByRole('button', { name: 'Add label' }).click();
    await pane.getByRole('button', { name: `Remove label ${label}` }).waitFor();
    await row.locator('[data-label-chip]').filter({ hasText: label }).waitFor();
    await agent.page.getByLabel('Filter by label').fill(label.toUpperCase());
    await agent.page.getByRole('button', { name: 'Filter', exact: true }).click();
    await agent.page.getByText(`Label: ${label.toUpperCase()}`).waitFor();
    await expect.poll(() => agent.page.locator('[data-session-id]').count()).toBe(1);
    await row.waitFor();

    // `/` opens the quick replies; Enter inserts the chosen one with {name} filled
    const box = pane.getByRole('combobox', { name: 'Message' });
    await box.fill('');
    await box.pressSequentially(`/${stamp}`);
    const list = agent.page.getByRole('listbox', { name: /^Quick replies/ });
    await list.getByRole('option', { name: title }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await list.getByRole('option', { name: title }).getAttribute('aria-selected')).toBe('true');
    // the reply is shown rendered, as the visitor will see it
    await list.locator('strong').filter({ hasText: '{name}' }).waitFor();
    expect(await axeViolations(agent.page)).toEqual([]);
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe(`Hello **Nora${stamp}**, thanks for writing!`);
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('Control+Enter');
    await messageWith(dialog, 'thanks for writing!')
      .locator('strong')
      .filter({ hasText: `Nora${stamp}` })
      .waitFor();
    expect(await dialog.getByText('{name}').count()).toBe(0);

    // the console at a phone's width
    await agent.page.setViewportSize({ width: 390, height: 844 });
    await pane.getByRole('button', { name: 'Private notes (51)' }).waitFor();
    await expect.poll(() => agent.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(agent.problems).toEqual([]);
    expect(guest.problems).toEqual([]);
  }, 180_000);
});
