import { PathInfo } from '@shop/contracts/chat-constants';
import { useSyncExternalStore } from 'react';
import { local, subscribeStorage } from '../../lib/storage';

/** spec 9: the chat speaks zh-cn and en-us; en-us by default. */
export const CHAT_LANGUAGES = ['en-us', 'zh-cn'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];
export const DEFAULT_CHAT_LANGUAGE: ChatLanguage = 'en-us';

/** The browser key the chosen chat language is kept under. */
export const CHAT_LANGUAGE_KEY = 'chat_language';

export const isChatLanguage = (value: unknown): value is ChatLanguage =>
  typeof value === 'string' && (CHAT_LANGUAGES as readonly string[]).includes(value);

/** The chosen chat language, or the default (always the default while rendering on the server). */
export function storedChatLanguage(): ChatLanguage {
  const stored = local.get(CHAT_LANGUAGE_KEY);
  return isChatLanguage(stored) ? stored : DEFAULT_CHAT_LANGUAGE;
}

/** The chat language, following changes made in this tab and others. */
export function useChatLanguage(): ChatLanguage {
  return useSyncExternalStore(subscribeStorage, storedChatLanguage, () => DEFAULT_CHAT_LANGUAGE);
}

/** The frame that tells the server the language changed (spec 7: WsMixed/changeLanguage). */
export const changeLanguageFrame = (language: ChatLanguage) => ({ pathInfo: PathInfo.changeLanguage, language });

/**
 * Keeps the new language and tells the server over `send` (a connection's send). When the
 * connection is down the server hears it with the next initialize, which carries the language.
 */
export function changeChatLanguage(language: ChatLanguage, send?: (frame: { pathInfo: string; language: string }) => boolean) {
  if (storedChatLanguage() !== language) local.set(CHAT_LANGUAGE_KEY, language);
  send?.(changeLanguageFrame(language));
}
