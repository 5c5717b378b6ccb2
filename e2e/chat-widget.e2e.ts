import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHAT_UPLOAD_MAX_BYTES,
  ChatTexts,
  PathInfo,
  type TChatMessage,
  type TChatSession,
  type TChatUser,
} from '@shop/contracts/chat-protocol';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ChatClient } from '../apps/server/src/testing/chat-client';
import {
  baseURL,
  expired,
  gotoHydrated,
  registerShopper,
  signInWithTokens,
  staffToken,
  useBrowser,
  waitForFocus,
} from './support';

const browser = useBrowser();
const desks: ChatClient[] = [];
afterAll(async () => {
  await Promise.all(desks.map((desk) => desk.close()));
});

const CONFIG_PATH = '**/worker/kefu.HttpIndex/index';
/** a 1×1 PNG */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An agent at their desk: the node websocket client, signed in as a seeded agent and online. */
async function agentDesk(email = 'agent@example.com') {
  const token = await staffToken(email, 'Agent1234');
  const client = await ChatClient.connect(`${baseURL().replace(/^http/, 'ws')}/worker/ws`);
  desks.push(client);
  client.send({ pathInfo: PathInfo.initialize, baToken: token, backend: true });
  const { user } = await client.next<{ user: TChatUser }>('init');
  client.send({ pathInfo: PathInfo.changeStatus, status: 'online' });
  await client.next('changeStatus', (data: { status: string }) => data.status === 'online');
  return { client, user };
}

/** Changes the chat configuration the page receives (the server's own rules are tested in its API tests). */
async function withConfig(page: Page, change: Record<string, unknown>) {
  await page.route(CONFIG_PATH, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { config: Record<string, unknown> } };
    body.data.config = { ...body.data.config, ...change };
    await route.fulfill({ response, json: body });
  });
}

const launcher = (page: Page) => page.locator('[data-chat-open-button]');
const dialog = (page: Page) => page.locator('[data-chat-dialog]');

/** Opens the chat and waits until the conversation is there (an agent or the queue gave it). */
async function openChat(page: Page) {
  await launcher(page).click();
  await dialog(page).waitFor();
  await dialog(page).locator('[data-chat-textarea]').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-chat-placeholder]'));
}

async function sendAsGuest(page: Page, text: string) {
  const textarea = dialog(page).locator('[data-chat-textarea]');
  await textarea.fill(text);
  await textarea.press('Control+Enter');
}

function agentSays(desk: ChatClient, sessionId: number, content: string) {
  desk.send({
    pathInfo: PathInfo.sendSessionMessage,
    session_id: sessionId,
    type: 'text',
    content,
    client_msg_id: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  });
}

describe('the chat widget (issue 6)', () => {
  it('is on storefront pages, loaded after the page, and absent on a not_start_paths path', async () => {
    const { page, context, problems } = await browser.newPage();
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    // nothing of the chat is in the page's first load
    expect(html).not.toMatch(/chat-widget|chat-dialog|connection-/);
    await page.waitForSelector('html[data-hydrated="true"]');
    await launcher(page).waitFor();
    expect(await launcher(page).getAttribute('aria-label')).toBe('Chat with us');

    // the default configuration hides it on /login (spec 3 not_start_paths)
    const configured = page.waitForResponse((r) => new URL(r.url()).pathname === '/worker/kefu.HttpIndex/index');
    await gotoHydrated(page, '/login');
    await configured;
    // the widget has its configuration: the render after it decides
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await launcher(page).count()).toBe(0);

    // and a client-side navigation back shows it again once the path has settled (0.8 s)
    await page.evaluate(() => window.history.back());
    await launcher(page).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('invites the visitor: Later closes the box, Consult now opens the chat', async () => {
    const desk = await agentDesk();
    const { page, context, problems } = await browser.newPage();
    await withConfig(page, { auto_invitation_timing: 1, auto_invitation_max: 1 });
    await gotoHydrated(page, '/');
    const invitation = page.locator('[data-chat-invitation]');
    await invitation.waitFor();
    await invitation.getByRole('button', { name: 'Later' }).click();
    await invitation.waitFor({ state: 'detached' });

    // an agent invites the visitor (spec 4 status 'invite'): Consult now opens the dialog
    const visitorId = await page.evaluate(async () => {
      for (let i = 0; i < 50; i += 1) {
        const token = window.localStorage.getItem('chat_tourist_token');
        if (token) return token;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return null;
    });
    expect(visitorId).not.toBeNull();
    desk.client.send({ pathInfo: PathInfo.touristList, page: 1 });
    const { data } = await desk.client.next<{ data: Array<{ id: number; last_trajectory_url: string }> }>('tourists');
    const visitor = data.find((tourist) => tourist.last_trajectory_url.startsWith(baseURL()));
    expect(visitor).toBeDefined();
    desk.client.send({ pathInfo: PathInfo.invite, tourist_id: visitor?.id });
    await invitation.waitFor();
    await invitation.getByRole('button', { name: 'Consult now' }).click();
    await dialog(page).getByRole('heading', { name: desk.user.nickname }).waitFor();
    // the first message goes to the agent who invited
    await sendAsGuest(page, 'Yes, about sizes');
    await desk.client.next<TChatMessage>('newMessage', (m) => m.content === 'Yes, about sizes');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a guest sends text, gets the agent’s answer, and keeps every message through a network drop', async () => {
    const desk = await agentDesk();
    const { page, context } = await browser.newPage();
    await gotoHydrated(page, '/');
    await openChat(page);
    // focus moved into the dialog, on the message box
    await waitForFocus(page, '[data-chat-textarea]');
    // the desktop shows the announcement
    await dialog(page).locator('[data-chat-announcement]').waitFor();

    // the first message opens the conversation; the header then names the agent and their status
    await sendAsGuest(page, '  Hello, is this dress in stock?  ');
    const session = await desk.client.next<TChatSession>('sessionInfo');
    await dialog(page).getByRole('heading', { name: desk.user.nickname }).waitFor();
    const asked = await desk.client.next<TChatMessage>('newMessage', (m) => m.content.startsWith('Hello, is this'));
    expect(asked.content).toBe('Hello, is this dress in stock?');
    expect(await dialog(page).locator('[data-chat-textarea]').inputValue()).toBe('');
    agentSays(desk.client, session.id, 'Yes, **all sizes** are in stock.');
    await dialog(page).getByText('all sizes', { exact: true }).waitFor();

    // the network drops: the reconnect text shows; what the agent says meanwhile arrives once, in order
    await context.setOffline(true);
    await dialog(page).getByText(ChatTexts.reconnecting).waitFor({ timeout: 15_000 });
    for (const n of [1, 2, 3]) agentSays(desk.client, session.id, `While you were away ${n}`);
    // stored before the visitor is back: the agent's own copy of the last one has come back
    await desk.client.next<TChatMessage>('newMessage', (m) => m.content === 'While you were away 3');
    await context.setOffline(false);
    await dialog(page).getByText('While you were away 3', { exact: true }).waitFor({ timeout: 30_000 });
    // a duplicate would arrive before what the agent says next
    agentSays(desk.client, session.id, 'Welcome back');
    await dialog(page).getByText('Welcome back', { exact: true }).waitFor();
    const texts = await dialog(page)
      .getByText(/^While you were away \d$/)
      .allTextContents();
    expect(texts).toEqual(['While you were away 1', 'While you were away 2', 'While you were away 3']);
    expect(await dialog(page).locator('[data-chat-connection="open"]').count()).toBe(1);

    // a message typed after the return goes through
    await sendAsGuest(page, 'Thanks!');
    await desk.client.next<TChatMessage>('newMessage', (m) => m.content === 'Thanks!');

    // Escape closes the dialog and the focus goes back to the launcher
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await waitForFocus(page, '[data-chat-open-button]');

    // a new answer while closed: the unread badge and the tooltip
    agentSays(desk.client, session.id, 'Anything else?');
    await page.locator('[data-chat-unread]').waitFor();
    expect(await page.locator('[data-chat-unread]').textContent()).toBe('1');
    await page.getByText('Anything else?').waitFor();
    await context.close();
  });

  it('a signed-in shopper chats with an expired access token (renewed once), and sees their orders', async () => {
    const desk = await agentDesk();
    const shopper = await registerShopper({ first_name: 'Chatty' });
    const { page, context, problems } = await browser.newPage();
    // the access token has run out: the chat's initialize meets 409, the token is renewed, it connects
    await signInWithTokens(page, { ...shopper, token: expired(shopper.token) });
    await gotoHydrated(page, '/');
    await openChat(page);
    await sendAsGuest(page, 'Where is my parcel?');
    await desk.client.next<TChatSession>('sessionInfo', (s) => s.nickname === 'Chatty');
    await desk.client.next<TChatMessage>('newMessage', (m) => m.content === 'Where is my parcel?');

    await dialog(page).getByRole('button', { name: 'Send an order' }).click();
    await dialog(page).getByText('No orders found').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says a shopper signed out elsewhere that they were, and forgets the chat token of that session', async () => {
    const shopper = await registerShopper({ first_name: 'Leaving' });
    const { page, context, problems } = await browser.newPage();
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/');
    await openChat(page);
    expect(await page.evaluate(() => window.localStorage.getItem('chat_tourist_token'))).toMatch(/^tt1\./);

    // the session ends on the server (another tab, a new password): the open chat hears it. The
    // access tokens of this run are short-lived, so the page's session is refreshed for a live one.
    const refreshToken = await page.evaluate(() => window.localStorage.getItem('refresh_token'));
    const renewed = await fetch(`${baseURL()}/shop/login/refresh`, {
      method: 'POST',
      headers: { 'refresh-token': refreshToken ?? '' },
    });
    const { result } = (await renewed.json()) as { result: { token: string } };
    const logout = await fetch(`${baseURL()}/shop/login/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${result.token}` },
    });
    expect(logout.status).toBe(200);
    const signedOut = dialog(page).locator('[data-chat-signed-out]');
    await signedOut.getByText(ChatTexts.signedOut).waitFor();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('chat_tourist_token'))).toBeNull();
    // nothing to type into: the composer is gone with the conversation
    await dialog(page).locator('[data-chat-textarea]').waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on desktop is 700 px wide, moves by pointer and by keyboard, and switches to zh-cn', async () => {
    await agentDesk();
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/');
    await openChat(page);
    expect(await dialog(page).getAttribute('data-chat-dialog')).toBe('desktop');
    const start = await dialog(page).boundingBox();
    expect(start?.width).toBe(700);

    // the header drags it
    const header = dialog(page).locator('header');
    const grip = await header.boundingBox();
    if (!start || !grip) throw new Error('the dialog has no box');
    await page.mouse.move(grip.x + 300, grip.y + 20);
    await page.mouse.down();
    await page.mouse.move(grip.x + 200, grip.y + 60, { steps: 5 });
    await page.mouse.up();
    const dragged = await dialog(page).boundingBox();
    expect(dragged?.x).toBeCloseTo(start.x - 100, 0);
    expect(dragged?.y).toBeCloseTo(start.y + 40, 0);

    // the move button and the arrow keys move it too
    await dialog(page).getByRole('button', { name: 'Move the chat window (arrow keys)' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const moved = await dialog(page).boundingBox();
    expect(moved?.x).toBeCloseTo((dragged?.x ?? 0) - 40, 0);

    // the chat's language: zh-cn, and back
    await dialog(page).getByLabel('Language').selectOption('zh-cn');
    await dialog(page).getByPlaceholder('请输入消息…（Ctrl+Enter 发送）').waitFor();
    await dialog(page).getByLabel('语言').selectOption('en-us');
    await dialog(page).getByPlaceholder('Type a message… (Ctrl+Enter to send)').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is full screen on a 390 px wide phone, without the announcement', async () => {
    await agentDesk();
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, '/');
    await openChat(page);
    expect(await dialog(page).getAttribute('data-chat-dialog')).toBe('mobile');
    const box = await dialog(page).boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(await dialog(page).locator('[data-chat-announcement]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('says spec 8’s texts for a file over 50 MB, a non-image in the image picker, and the guest file rule', async () => {
    const desk = await agentDesk();
    const { page, context } = await browser.newPage();
    await gotoHydrated(page, '/');
    await openChat(page);

    await dialog(page)
      .locator('[data-chat-image-input]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await page.getByText(ChatTexts.notAnImage).waitFor();

    const dir = mkdtempSync(join(tmpdir(), 'chat-e2e-'));
    try {
      const big = join(dir, 'catalogue.zip');
      const fd = openSync(big, 'w');
      ftruncateSync(fd, CHAT_UPLOAD_MAX_BYTES + 1);
      closeSync(fd);
      await dialog(page).locator('[data-chat-file-input]').setInputFiles(big);
      await page.getByText(ChatTexts.uploadTooLarge).waitFor();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // a picture goes up with its progress, and reaches the agent as an image message
    await dialog(page).locator('[data-chat-image-input]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText(ChatTexts.uploadSucceeded).waitFor();
    const image = await desk.client.next<TChatMessage>('newMessage', (m) => m.type === 'image');
    expect(image.content).toMatch(/^\/worker\/kefu\.HttpIndex\/file\//);

    // a guest asking for orders is told to sign in
    await dialog(page).getByRole('button', { name: 'Send an order' }).click();
    await page.getByText(ChatTexts.loginToViewOrders).waitFor();

    // a product from the goods picker goes as a card
    await dialog(page).getByRole('button', { name: 'Send a product' }).click();
    await dialog(page).locator('[data-chat-goods]').first().click();
    const good = await desk.client.next<TChatMessage>('newMessage', (m) => m.type === 'good');
    expect(good.extend).toMatchObject({ title: expect.any(String), price: expect.stringMatching(/^\d+\.\d\d$/) });
    await context.close();

    // with the tourist file switch off, a guest may not send files
    const second = await browser.newPage();
    await withConfig(second.page, { tourist_file_switch: 'no' });
    await gotoHydrated(second.page, '/');
    await openChat(second.page);
    await dialog(second.page).getByRole('button', { name: 'Send a file' }).click();
    await second.page.getByText(ChatTexts.guestUploadRefused).waitFor();
    await second.context.close();
  });
});
