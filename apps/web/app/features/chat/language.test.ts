import { PathInfo } from '@shop/contracts/chat-constants';
import { describe, expect, it } from 'vitest';
import { changeChatLanguage, DEFAULT_CHAT_LANGUAGE, isChatLanguage, storedChatLanguage } from './language';
import { widgetTexts } from './texts';

describe('the chat language (spec 9)', () => {
  it('is en-us unless zh-cn was chosen', () => {
    expect(DEFAULT_CHAT_LANGUAGE).toBe('en-us');
    expect(storedChatLanguage()).toBe('en-us');
    expect(isChatLanguage('zh-cn')).toBe(true);
    expect(isChatLanguage('fr-fr')).toBe(false);
  });

  it('tells the server when it changes (WsMixed/changeLanguage)', () => {
    const sent: unknown[] = [];
    changeChatLanguage('zh-cn', (frame) => {
      sent.push(frame);
      return true;
    });
    expect(sent).toEqual([{ pathInfo: PathInfo.changeLanguage, language: 'zh-cn' }]);
  });

  it('has every widget text in both languages, the spec’s English ones unchanged', () => {
    const en = widgetTexts('en-us');
    const zh = widgetTexts('zh-cn');
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(en.reconnecting).toBe('Network is weak, reconnecting automatically.');
    expect(en.uploadTooLarge).toBe('File size cannot exceed 50MB');
    expect(en.later).toBe('Later');
    expect(en.consultNow).toBe('Consult now');
    for (const [key, value] of Object.entries(zh)) {
      if (typeof value === 'string' && key !== 'wsError') expect(value, key).not.toBe('');
    }
  });
});
