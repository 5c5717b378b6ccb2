import { SHOP_NAME } from '@shop/contracts';
import type { MailContent } from './layout';

/**
 * The shop's messages, one function per message: the words and the links, as blocks (layout.ts
 * draws them). `link` makes an absolute address on the shop from a path.
 */
export type MailContext = { link: (path: string) => string };

export const welcomeMail = (input: { firstName: string }, { link }: MailContext): MailContent => ({
  subject: `Welcome to ${SHOP_NAME}`,
  preview: 'Your account is ready: orders, wishlist and points in one place.',
  blocks: [
    { kind: 'heading', text: input.firstName ? `Welcome, ${input.firstName}` : `Welcome to ${SHOP_NAME}` },
    {
      kind: 'paragraph',
      text: 'Your account is ready. Sign in any time to track your orders, keep a wishlist and collect points on every purchase.',
    },
    { kind: 'button', label: 'Start shopping', href: link('/') },
    { kind: 'paragraph', text: 'Your orders, addresses and points are waiting in My Account.' },
    { kind: 'button', label: 'My Account', href: link('/ShoppingListMain/MyAccount') },
    { kind: 'note', text: 'Did not open this account? Tell us through the chat on any page of the shop and we will close it.' },
  ],
  reason: `You receive this e-mail because an account was opened at ${SHOP_NAME} with this address.`,
});
