import { describe, expect, it } from 'vitest';
import { chatTestKitFile } from './context.testing';
import { presentMessage } from './present';
import type { MessageRow } from './store';

// How conversations, messages and agents are shown, each to whom it is shown.

const kit = chatTestKitFile();

describe('presenting', () => {
  it('shows a message with its extend, and without one written by hand', () => {
    const row: MessageRow = {
      id: 1,
      session_id: 2,
      seq: 3,
      sender_type: 'csr',
      sender_id: 4,
      type: 'text',
      content: 'Hello',
      title: '',
      extend: '{"a":1}',
      client_msg_id: 'm-1',
      status: 'unread',
      auto_reply: 1,
      created_at: Date.UTC(2026, 0, 2),
    };
    expect(presentMessage(row)).toMatchObject({ extend: { a: 1 }, sender_identity: 'csr', auto_reply: true });
    expect(presentMessage(row).created_at).toBe('2026-01-02T00:00:00.000Z');
    expect(presentMessage({ ...row, extend: 'not json' }).extend).toEqual({});
  });

  it('shows the agent the visitor and the labels, and the visitor their agent without the labels', async () => {
    const csrId = await kit.staff('csr', true);
    const touristId = await kit.visitor('Ada', Date.now());
    const session = await kit.conversation(touristId, csrId, { unread_csr: 2, unread_tourist: 1 });
    await kit.store.addLabel(
      { session_id: session.id, label: 'VIP', label_key: 'vip', csr_id: csrId, created_at: Date.now() },
      5,
    );
    const current = (await kit.store.findSession(session.id)) ?? session;
    const toAgent = await kit.ctx.presentSession(current, { type: 'csr', id: csrId });
    expect(toAgent).toMatchObject({
      labels: ['VIP'],
      nickname: 'Ada',
      session_user_identity: 'tourist',
      session_user_status: 'online',
      unread_message_count: 2,
    });
    const toVisitor = await kit.ctx.presentSession(current, { type: 'tourist', id: touristId });
    expect(toVisitor).toMatchObject({
      labels: [],
      session_user_id: csrId,
      session_user_status: 'online',
      unread_message_count: 1,
    });
  });

  it('shows a snooze whose time has passed as open, and a queued conversation’s agent as awaited', async () => {
    const touristId = await kit.visitor();
    const session = await kit.conversation(touristId, null, { state: 'snoozed', snoozed_until: Date.now() - 1 });
    const shown = await kit.ctx.presentSession(session, { type: 'tourist', id: touristId });
    expect(shown).toMatchObject({ state: 'open', snoozed_until: null, session_user_status: 'await', csr_id: 0 });
    expect(kit.ctx.stateNow({ ...session, snoozed_until: Date.now() + 60_000 })).toBe('snoozed');
  });

  it('shows an agent’s card with the status others see, and none for no agent', async () => {
    const away = await kit.staff('csr');
    await kit.store.setStaffStatus(away, 'online');
    // online by choice, but not connected: others see them offline
    expect(await kit.ctx.staffCard(away)).toMatchObject({ id: away, status: 'offline' });
    expect(await kit.ctx.staffCard(null)).toBeNull();
    expect(await kit.ctx.staffCard(away + 1000)).toBeNull();
  });
});
