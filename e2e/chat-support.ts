import type { Locator, Page } from 'playwright-core';
import { gotoHydrated } from './support';

/**
 * What the chat journeys share: writing in a composer (the visitor's textbox or the agent's
 * combobox, both labelled "Message") and finding a message in a conversation.
 */
export async function say(scope: Locator, text: string) {
  const box = scope.getByLabel('Message', { exact: true });
  await box.fill(text);
  // the composer takes a message once the one before it is on its way: its send button says when
  await scope.locator('[data-chat-send]:enabled').waitFor();
  await box.press('Control+Enter');
}

export const messageWith = (scope: Locator, text: string) =>
  scope.getByRole('region', { name: 'Messages' }).locator('[data-message-id]').filter({ hasText: text });

/** The conversation the agent has open in the console. */
export const agentConversation = (page: Page) => page.getByRole('region', { name: /^Conversation with / });

export const AGENT = { email: 'agent@example.com', password: 'Agent1234' };

/** An agent signs in to the console; `online` also sets their status to Online (it is left as stored otherwise). */
export async function signInAgent(page: Page, who: { email: string; password: string } = AGENT, { online = true } = {}) {
  await gotoHydrated(page, '/agent/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/agent$/);
  await page.getByText(/Your agent number: \d+/).waitFor();
  if (online) await page.getByLabel('Status').selectOption('online');
}
