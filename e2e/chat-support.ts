import type { Locator, Page } from 'playwright-core';

/**
 * What the chat journeys share: writing in a composer (the visitor's textbox or the agent's
 * combobox, both labelled "Message") and finding a message in a conversation.
 */
export async function say(scope: Locator, text: string) {
  const box = scope.getByLabel('Message', { exact: true });
  await box.fill(text);
  await box.press('Control+Enter');
}

export const messageWith = (scope: Locator, text: string) =>
  scope.getByRole('region', { name: 'Messages' }).locator('[data-message-id]').filter({ hasText: text });

/** The conversation the agent has open in the console. */
export const agentConversation = (page: Page) => page.getByRole('region', { name: /^Conversation with / });
