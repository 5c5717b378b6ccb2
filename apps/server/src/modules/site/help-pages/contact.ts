import { type HelpPageKey, helpPagePath } from '@shop/contracts/site';

/** The shop's contact details as the default help pages give them. */
export const PHONE = '+1 (916) 555-0142';
export const EMAIL = 'support@aurelle.shop';
export const CHAT_HOURS = 'every day from 9:00 to 21:00 Pacific Time';

/** A link to another help page by its key and title (the storefront's route). */
export const contactLink = (key: HelpPageKey, title: string) => helpPagePath({ key, title });
