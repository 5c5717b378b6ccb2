import { describe, expect, it } from 'vitest';
import { widgetTexts } from '../texts';
import { connectionNotice, dialogStatus } from './dialog-status';

const texts = widgetTexts('en-us');
const config = { app_name: 'Shop', input_status_display: 'yes' as const };
const agent = { id: 7, nickname: 'Ann', avatar: '', status: 'busy' as const };
const base = { agent: null, agentTyping: false, sessionId: null, sessionStatus: null };

describe('the chat dialog’s status line (spec 2)', () => {
  it('names the shop before a conversation, and waits for an agent in one without', () => {
    expect(dialogStatus(base, config, texts)).toBe('Shop');
    expect(dialogStatus({ ...base, sessionId: 5 }, config, texts)).toBe(texts.waitingForAgent);
  });
  it('shows the agent’s status, or the queue while queued', () => {
    expect(dialogStatus({ ...base, sessionId: 5, agent }, config, texts)).toBe('Busy');
    expect(dialogStatus({ ...base, sessionId: 5, agent, sessionStatus: 'queued' }, config, texts)).toBe(texts.waitingForAgent);
  });
  it('says the agent is typing only when the configuration shows typing', () => {
    const typing = { ...base, sessionId: 5, agent, agentTyping: true };
    expect(dialogStatus(typing, config, texts)).toBe(`Ann ${texts.typing}`);
    expect(dialogStatus(typing, { ...config, input_status_display: 'no' }, texts)).toBe('Busy');
  });
});

describe('the connection line (spec 8)', () => {
  it('is empty while open and says why otherwise', () => {
    expect(connectionNotice({ connection: 'open', off: null }, texts)).toBe('');
    expect(connectionNotice({ connection: 'idle', off: null }, texts)).toBe(texts.connecting);
    expect(connectionNotice({ connection: 'reconnecting', off: null }, texts)).toBe(texts.reconnecting);
    expect(connectionNotice({ connection: 'off', off: null }, texts)).toBe(texts.chatUnavailable);
    expect(connectionNotice({ connection: 'off', off: { message: null, signedOut: true } }, texts)).toBe(texts.signedOut);
  });
});
