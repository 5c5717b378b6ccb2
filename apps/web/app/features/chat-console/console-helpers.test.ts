import type { TCsrAgent } from '@shop/contracts/chat-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from '../../lib/fake-browser.testing';
import { appendAgents, otherAgents } from './agents';
import { matchesQuickReply, quickReplyLabel } from './quick-replies';
import { matchesSearch } from './session-list';
import { StaffKeys, staffSessionEnded, staffToken, storeStaffTokens, takeStaffSignedOut } from './staff-session';
import { consoleTexts } from './texts';

describe('the console’s small rules', () => {
  it('finds conversations by the visitor’s name or the last message, ignoring case', () => {
    const session = { nickname: 'Visitor 12', last_message: 'Do you ship to Canada?' };
    expect(matchesSearch(session, '')).toBe(true);
    expect(matchesSearch(session, 'visitor 1')).toBe(true);
    expect(matchesSearch(session, 'CANADA')).toBe(true);
    expect(matchesSearch(session, 'refund')).toBe(false);
  });

  it('finds quick replies by title or text, and names an untitled one by its first words', () => {
    const reply = { title: '', content: 'We ship worldwide\nin 3–5 days.' };
    expect(matchesQuickReply(reply, 'WORLDWIDE')).toBe(true);
    expect(matchesQuickReply({ title: 'Shipping', content: 'x' }, 'ship')).toBe(true);
    expect(matchesQuickReply(reply, 'returns')).toBe(false);
    expect(quickReplyLabel(reply)).toBe('We ship worldwide in 3–5 days.');
    expect(quickReplyLabel({ title: ' Shipping ', content: 'x' })).toBe('Shipping');
  });

  it('offers a conversation to every agent but the one handing it over, in the order listed', () => {
    const agent = (id: number, online: 0 | 1): TCsrAgent => ({
      id,
      nickname: `Agent ${id}`,
      avatar: '',
      status: online ? 'online' : 'offline',
      online,
    });
    const listed = [agent(3, 1), agent(1, 1), agent(2, 0)];
    expect(otherAgents(listed, 1).map((a) => a.id)).toEqual([3, 2]);
    expect(otherAgents(listed, null).map((a) => a.id)).toEqual([3, 1, 2]);
    expect(otherAgents([agent(1, 1)], 1)).toEqual([]);
    // a further page adds only agents not listed yet (one may have moved between pages meanwhile)
    expect(appendAgents(listed, [agent(2, 1), agent(4, 0)]).map((a) => [a.id, a.online])).toEqual([
      [3, 1],
      [1, 1],
      [2, 0],
      [4, 0],
    ]);
  });

  it('has every console text in both languages, with the spec’s chat texts unchanged', () => {
    const en = consoleTexts['en-us'];
    const zh = consoleTexts['zh-cn'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(zh.reconnecting).toBe('Network is weak, reconnecting automatically.');
    expect(en.transferred).toBe('会话转接成功~');
    expect(zh.consoleTitle).not.toBe(en.consoleTitle);
  });

  describe('an agent whose session ended', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('loses the dead tokens, and the sign-in page says they were signed out, once', () => {
      const stored = fakeBrowser().win.localStorage;
      storeStaffTokens({ token: 'at1.staff', refresh_token: 'rt1.staff' });
      expect(takeStaffSignedOut()).toBeNull();
      staffSessionEnded();
      expect(staffToken()).toBeNull();
      expect(stored.getItem(StaffKeys.refreshToken)).toBeNull();
      expect(takeStaffSignedOut()).toBe('ended');
      expect(takeStaffSignedOut()).toBeNull();
      // a role that no longer answers chats: the tokens go too, and the page says why
      storeStaffTokens({ token: 'at2.staff', refresh_token: 'rt2.staff' });
      staffSessionEnded('forbidden');
      expect(staffToken()).toBeNull();
      expect(takeStaffSignedOut()).toBe('forbidden');
      expect(takeStaffSignedOut()).toBeNull();
    });
  });
});
