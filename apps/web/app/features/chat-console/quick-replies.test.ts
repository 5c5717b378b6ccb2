import { QUICK_REPLY_NAME_FALLBACK } from '@shop/contracts/chat-constants';
import { describe, expect, it } from 'vitest';
import { fillQuickReply, hasVariables, matchesQuickReply } from './quick-replies';

describe('a quick reply’s variables (decision 0058)', () => {
  it('fills {name} and {order_no} everywhere they appear', () => {
    expect(fillQuickReply('Hi {name}! Order {order_no} ships today, {name}.', { name: 'Ada', order_no: 'N100' })).toEqual({
      text: 'Hi Ada! Order N100 ships today, Ada.',
      unfilled: [],
    });
  });

  it('leaves {order_no} for the agent when the shopper has none, and says so', () => {
    expect(fillQuickReply('Hi {name}, about {order_no}', { name: QUICK_REPLY_NAME_FALLBACK, order_no: null })).toEqual({
      text: `Hi ${QUICK_REPLY_NAME_FALLBACK}, about {order_no}`,
      unfilled: ['order_no'],
    });
  });

  it('leaves every variable when the server did not answer, and other braces always', () => {
    expect(fillQuickReply('{name} {order_no} {total} {NAME}', null)).toEqual({
      text: '{name} {order_no} {total} {NAME}',
      unfilled: ['name', 'order_no'],
    });
  });

  it('inserts a value as it is, even one that looks like a replacement pattern', () => {
    expect(fillQuickReply('Hi {name}', { name: '$& $1', order_no: null }).text).toBe('Hi $& $1');
  });

  it('knows a reply with variables from one without', () => {
    expect(hasVariables('Hello {name}')).toBe(true);
    expect(hasVariables('Hello {there}')).toBe(false);
    expect(hasVariables('Hello')).toBe(false);
  });

  it('matches replies by title or text without regard to case', () => {
    expect(matchesQuickReply({ title: 'Greeting', content: 'Hi {name}' }, 'GREET')).toBe(true);
    expect(matchesQuickReply({ title: '', content: 'Refund policy' }, 'refund')).toBe(true);
    expect(matchesQuickReply({ title: 'Greeting', content: 'Hi' }, 'bye')).toBe(false);
  });
});
