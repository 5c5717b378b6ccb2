import type { ConsoleLanguage } from './sign-in-texts';

/** A page of the shop (a path) or an http(s) address may be a link; anything else is shown as text. */
export const isSafeAddress = (url: string) => (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//i.test(url);

/** A date and time in the console's language; empty for one that is not a date. */
export const whenOf = (at: number | string, language: ConsoleLanguage) => {
  const date = new Date(at);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(language === 'zh-cn' ? 'zh-CN' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
};
