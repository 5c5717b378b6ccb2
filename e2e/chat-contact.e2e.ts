import { ContactTexts } from '@shop/contracts/chat-contact-rules';
import type { TMessageList } from '@shop/contracts/messages';
import type { TOrderDetail } from '@shop/contracts/orders';
import type { TReturnListItem } from '@shop/contracts/returns';
import { afterAll, describe, expect, it } from 'vitest';
import { messageWith, say, signInAgent } from './chat-support';
import {
  apiAs,
  axeViolations,
  gotoHydrated,
  payOrder,
  placeOrder,
  registerShopper,
  signInWithTokens,
  staffToken,
  useBrowser,
} from './support';

/**
 * The contact panel (decision 0059): a signed-in shopper chats; the agent sees the shopper's
 * order in the panel beside the conversation and starts a return of its line; the shopper reads
 * it in the chat, on ReturnExchange and in MyMessage. The console fits at 390 px.
 */

const browser = useBrowser();

describe('the contact panel', () => {
  const opened: Array<{ context: { close(): Promise<void> } }> = [];
  afterAll(async () => {
    for (const { context } of opened) await context.close();
  });

  it('the agent starts a return for a line of the chatting shopper’s order; the shopper sees it everywhere', async () => {
    const admin = await staffToken();
    const shopper = await registerShopper({ first_name: 'Contacting' });
    const order = await placeOrder(shopper.token);
    await payOrder(shopper.token, order.id);
    await apiAs(admin).post('/admin/order/ship', { id: order.id, company_code: 'ups', tracking_no: '1Z999AA10123456784' });
    await apiAs(shopper.token).post('/shop/order/receive', { id: order.id });
    const detail = await apiAs(shopper.token).get<TOrderDetail>(`/shop/order/detail?id=${order.id}`);
    const goodsName = detail.lines[0]?.goods_name ?? '';

    const agent = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    opened.push(agent);
    await signInAgent(agent.page);

    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    opened.push(visitor);
    await signInWithTokens(visitor.page, shopper);
    await gotoHydrated(visitor.page, '/');
    await visitor.page.getByRole('button', { name: /^Chat with us/ }).click();
    const dialog = visitor.page.getByRole('dialog');
    const start = dialog.getByRole('button', { name: 'Start a conversation' });
    await dialog.getByRole('textbox', { name: 'Message' }).or(start).first().waitFor();
    if (await start.isVisible()) await start.click();
    const question = `My dress is too small ${Date.now().toString(36)}`;
    await say(dialog, question);

    // the agent opens the conversation: the panel beside it names the shopper and the order
    await agent.page
      .getByRole('button', { name: /Contacting/ })
      .filter({ hasText: question })
      .click();
    await messageWith(agent.page.getByRole('region', { name: /^Conversation with / }), question).waitFor();
    const panel = agent.page.getByTestId('contact-panel');
    await panel.getByText(shopper.email).waitFor();
    const orderRow = panel.getByTestId('contact-order').filter({ hasText: order.order_no });
    await orderRow.getByRole('link', { name: 'UPS 1Z999AA10123456784' }).waitFor();
    expect(await axeViolations(agent.page)).toEqual([]);

    // start a return of the line, with the shop's own refund shown first
    await orderRow.getByRole('button', { name: `Start a return: ${goodsName}` }).click();
    const form = orderRow.getByRole('form', { name: `Return of ${goodsName}` });
    await form.getByLabel('Reason').selectOption('Too small');
    const refund = await form.getByTestId('contact-refund').textContent();
    expect(refund).toMatch(/^\$\d+\.\d{2}$/);
    expect(await axeViolations(agent.page)).toEqual([]);
    await form.getByRole('button', { name: 'Start the return' }).click();
    await panel.getByRole('status').filter({ hasText: ContactTexts.returnStarted }).waitFor();

    // the shopper reads it in the chat, on ReturnExchange and in MyMessage
    await messageWith(dialog, 'I started a return for you').waitFor();
    const [request] = (await apiAs(shopper.token).get<{ data: TReturnListItem[] }>('/shop/orderRefund/list')).data;
    expect(request?.order_id).toBe(order.id);
    expect(`$${request?.amount.toFixed(2)}`).toBe(refund);
    await gotoHydrated(visitor.page, '/ShoppingListMain/ReturnExchange');
    await visitor.page
      .getByTestId('return-request')
      .filter({ hasText: request?.return_no ?? '' })
      .waitFor();
    const title = `Customer service started a return for you: ${request?.return_no}`;
    await expect
      .poll(
        async () =>
          (await apiAs(shopper.token).post<TMessageList>('/shop/user_msg/list', { type: 'return' })).data.map((m) => m.title),
        { timeout: 20_000 },
      )
      .toContain(title);
    await gotoHydrated(visitor.page, '/ShoppingListMain/MyMessage');
    await visitor.page.getByRole('heading', { name: title }).waitFor();

    // the console at 390 px, as a phone opens it: the conversation, then the tools with the panel
    const phone = await agent.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(phone, '/agent');
    // the list shows the conversation's last message now: the agent's words about the return
    await phone
      .getByRole('button', { name: /Contacting/ })
      .filter({ hasText: 'I started a return' })
      .click();
    await phone.getByRole('button', { name: 'Conversation tools' }).click();
    await phone.getByTestId('contact-panel').getByText(shopper.email).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone)).toEqual([]);
    expect(agent.problems).toEqual([]);
    expect(visitor.problems).toEqual([]);
  }, 150_000);
});
