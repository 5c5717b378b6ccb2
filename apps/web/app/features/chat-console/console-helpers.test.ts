import { describe, expect, it } from 'vitest';
import { matchesQuickReply, quickReplyLabel } from './quick-replies';
import { matchesSearch } from './session-list';
import { consoleTexts } from './texts';
import { parseAgentNumber } from './transfer-panel';

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

  it('reads an agent number only as a positive whole number', () => {
    expect(parseAgentNumber(' 7 ')).toBe(7);
    expect(parseAgentNumber('0')).toBeNull();
    expect(parseAgentNumber('-3')).toBeNull();
    expect(parseAgentNumber('2.5')).toBeNull();
    expect(parseAgentNumber('Ben')).toBeNull();
    expect(parseAgentNumber('')).toBeNull();
  });

  it('has every console text in both languages, with the spec’s chat texts unchanged', () => {
    const en = consoleTexts['en-us'];
    const zh = consoleTexts['zh-cn'];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(zh.reconnecting).toBe('Network is weak, reconnecting automatically.');
    expect(en.transferred).toBe('会话转接成功~');
    expect(zh.consoleTitle).not.toBe(en.consoleTitle);
  });
});
