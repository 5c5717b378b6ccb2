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

type CodePurpose = 'register' | 'verify' | 'reset' | 'signout' | 'newsletter' | 'change_email' | 'company';

/** What each code is for, in the subject and the first line. */
const CODE_USES: Record<CodePurpose, { subject: string; heading: string; lead: string }> = {
  register: {
    subject: 'verification code',
    heading: 'Confirm your e-mail address',
    lead: `Enter this code to confirm the address for your new ${SHOP_NAME} account.`,
  },
  verify: {
    subject: 'verification code',
    heading: 'Verify your e-mail address',
    lead: 'Enter this code in My Account to verify your e-mail address.',
  },
  reset: {
    subject: 'password reset code',
    heading: 'Reset your password',
    lead: 'Enter this code on the password reset page, or open the link below, to choose a new password.',
  },
  signout: {
    subject: 'account cancellation code',
    heading: 'Confirm the cancellation of your account',
    lead: 'Enter this code to confirm that you want to cancel your account.',
  },
  newsletter: {
    subject: 'newsletter code',
    heading: 'Confirm your subscription',
    lead: 'Enter this code to confirm your subscription to our newsletter.',
  },
  change_email: {
    subject: 'verification code',
    heading: 'Confirm your new e-mail address',
    lead: 'Enter this code in My Account to make this the e-mail address of your account.',
  },
  company: {
    subject: 'wholesale request code',
    heading: 'Confirm your company e-mail address',
    lead: 'Enter this code in the wholesale request form to confirm that this address is yours.',
  },
};

/** Where a code's link leads: the page that takes it, with the code filled in. */
function codeLink(purpose: CodePurpose, email: string, code: string, link: MailContext['link']): string | null {
  const query = new URLSearchParams({ email, code }).toString();
  if (purpose === 'reset') return link(`/forgotpassword?${query}`);
  if (purpose === 'verify') return link(`/ShoppingListMain/AccountInfo?verify=${encodeURIComponent(code)}`);
  return null;
}

export const codeMail = (
  input: { purpose: CodePurpose; email: string; code: string; validMinutes: number },
  { link }: MailContext,
): MailContent => {
  const use = CODE_USES[input.purpose];
  const href = codeLink(input.purpose, input.email, input.code, link);
  return {
    subject: `${input.code} is your ${SHOP_NAME} ${use.subject}`,
    preview: `${use.heading}: the code is valid for ${input.validMinutes} minutes.`,
    blocks: [
      { kind: 'heading', text: use.heading },
      { kind: 'paragraph', text: use.lead },
      { kind: 'code', text: input.code },
      ...(href
        ? [{ kind: 'button' as const, label: input.purpose === 'reset' ? 'Choose a new password' : 'Verify my e-mail', href }]
        : []),
      {
        kind: 'note',
        text: `The code is valid for ${input.validMinutes} minutes and works once. Never share it: ${SHOP_NAME} will never ask you for it.`,
      },
      { kind: 'note', text: 'Did not ask for it? You can ignore this e-mail: nothing changes without the code.' },
    ],
    reason: `You receive this e-mail because a code was requested at ${SHOP_NAME} for this address.`,
  };
};

/** A reset or cancellation code asked for an address without an account: said plainly, with no code. */
export const noAccountMail = (input: { purpose: 'reset' | 'signout' }, { link }: MailContext): MailContent => ({
  subject:
    input.purpose === 'reset' ? `Password reset requested at ${SHOP_NAME}` : `Account cancellation requested at ${SHOP_NAME}`,
  preview: `There is no ${SHOP_NAME} account with this e-mail address.`,
  blocks: [
    { kind: 'heading', text: input.purpose === 'reset' ? 'Password reset requested' : 'Account cancellation requested' },
    {
      kind: 'paragraph',
      text: `Someone, perhaps you, asked for a code for this e-mail address, but there is no ${SHOP_NAME} account with it. Perhaps your account uses another address.`,
    },
    { kind: 'button', label: 'Create an account', href: link('/login') },
    { kind: 'note', text: 'Did not ask for it? You can ignore this e-mail.' },
  ],
  reason: `You receive this e-mail because a code was requested at ${SHOP_NAME} for this address.`,
});

export const passwordChangedMail = (input: { how: 'change' | 'reset' }, { link }: MailContext): MailContent => ({
  subject: `Your ${SHOP_NAME} password was changed`,
  preview: 'Your password was changed and your other sessions were signed out.',
  blocks: [
    { kind: 'heading', text: 'Your password was changed' },
    {
      kind: 'paragraph',
      text:
        input.how === 'reset'
          ? 'Your password was reset with a code sent to this address, and every device signed in to your account was signed out.'
          : 'Your password was changed from My Account, and every other device signed in to your account was signed out.',
    },
    {
      kind: 'paragraph',
      text: 'Was this not you? Reset your password now, and tell us through the chat on any page of the shop.',
    },
    { kind: 'button', label: 'Reset my password', href: link('/forgotpassword') },
  ],
  reason: `You receive this e-mail because the password of your ${SHOP_NAME} account was changed.`,
});

/** To the old address of an account whose e-mail was changed: what happened, and what to do if it was not the shopper. */
export const emailChangedMail = (input: { newEmail: string }, { link }: MailContext): MailContent => ({
  subject: `The e-mail address of your ${SHOP_NAME} account was changed`,
  preview: 'Your account now signs in with another e-mail address.',
  blocks: [
    { kind: 'heading', text: 'Your e-mail address was changed' },
    {
      kind: 'paragraph',
      text: `The e-mail address of your ${SHOP_NAME} account was changed from this one to ${input.newEmail}, confirmed with a code sent there. You now sign in with the new address, and every other device signed in to your account was signed out.`,
    },
    {
      kind: 'paragraph',
      text: 'Was this not you? Tell us at once through the chat on any page of the shop: we will give the account back to this address.',
    },
    { kind: 'button', label: 'Visit the shop', href: link('/') },
    { kind: 'note', text: 'This address no longer receives messages about the account.' },
  ],
  reason: `You receive this e-mail because this address was the e-mail of a ${SHOP_NAME} account until now.`,
});

/** The last message to a cancelled account's old address. */
export const accountCancelledMail = ({ link }: MailContext): MailContent => ({
  subject: `Your ${SHOP_NAME} account has been cancelled`,
  preview: 'Your account is closed and your personal data erased.',
  blocks: [
    { kind: 'heading', text: 'Your account has been cancelled' },
    {
      kind: 'paragraph',
      text: 'As you asked, your account is closed: your name, e-mail address, phone, addresses, bag, wishlist, browsing history and points have been erased, and every device signed in to it was signed out.',
    },
    {
      kind: 'paragraph',
      text: 'Your past orders stay in our books without your name or address, as the law asks of a shop. This address is free again: you are welcome to open a new account with it at any time.',
    },
    { kind: 'button', label: 'Visit the shop', href: link('/') },
    { kind: 'note', text: 'Did not ask for this? Tell us through the chat on any page of the shop.' },
  ],
  reason: `You receive this last e-mail because the ${SHOP_NAME} account with this address was cancelled.`,
});

/** The first newsletter: a marketing message, so it goes only to a shopper who takes the newsletter and carries its unsubscribe link. */
export const newsletterWelcomeMail = ({ link }: MailContext): MailContent => ({
  subject: `Welcome to the ${SHOP_NAME} newsletter`,
  preview: 'New arrivals, style stories and offers, first.',
  blocks: [
    { kind: 'heading', text: 'You are on the list' },
    {
      kind: 'paragraph',
      text: 'From now on you will hear about new arrivals, style stories and offers before anyone else.',
    },
    { kind: 'button', label: 'See what is new', href: link('/') },
    { kind: 'note', text: 'Choose what we send you, and how, in My Account under Notifications.' },
  ],
  reason: `You receive this e-mail because this address subscribed to the ${SHOP_NAME} newsletter.`,
  marketing: 'newsletter',
});

/** An invitation to join the staff: the link sets the password; the role says what the back office will offer. */
export const staffInvitationMail = (
  input: { nickname: string; roleLabel: string; invitedBy: string; token: string; validDays: number },
  { link }: MailContext,
): MailContent => ({
  subject: `You are invited to run ${SHOP_NAME} as ${input.roleLabel.toLowerCase()}`,
  preview: `${input.invitedBy} invited you to the back office.`,
  blocks: [
    { kind: 'heading', text: `Hello ${input.nickname}` },
    {
      kind: 'paragraph',
      text: `${input.invitedBy} invited you to the ${SHOP_NAME} back office as ${input.roleLabel.toLowerCase()}. Choose your password to accept; then sign in with this e-mail address.`,
    },
    { kind: 'button', label: 'Accept the invitation', href: link(`/office/accept?token=${encodeURIComponent(input.token)}`) },
    {
      kind: 'note',
      text: `The link works once, for ${input.validDays} days. Not expecting this? Ignore this e-mail and nothing happens.`,
    },
  ],
  reason: `You receive this e-mail because a ${SHOP_NAME} administrator entered this address to invite you.`,
});

/** Points about to expire (decision 0032): sent once per earning, 30 days before, by the shopper's preferences. */
export const pointsExpiringMail = (input: { points: number; expiresAt: number }, { link }: MailContext): MailContent => {
  const date = new Date(input.expiresAt).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return {
    subject: `${input.points} of your ${SHOP_NAME} points expire on ${date}`,
    preview: 'Use them at checkout or for a coupon before they go.',
    blocks: [
      { kind: 'heading', text: 'Your points are about to expire' },
      {
        kind: 'paragraph',
        text: `${input.points} points (worth $${(input.points / 100).toFixed(2)}) expire on ${date}. Points last 12 months from the day they are earned, and the oldest are used first.`,
      },
      { kind: 'button', label: 'See my points', href: link('/ShoppingListMain/MyPoints') },
      { kind: 'note', text: 'Use them at checkout (up to half the goods) or exchange them for a coupon.' },
    ],
    reason: `You receive this e-mail because you hold points at ${SHOP_NAME}.`,
    marketing: 'promotions',
  };
};

/**
 * A copy of an in-account notice (decision 0039): its title, its sentence and a button to the page
 * it concerns; a promotions notice is marketing, sent by the shopper's preferences.
 */
export const noticeMail = (
  input: { title: string; content: string; link: string; marketing: boolean },
  { link }: MailContext,
): MailContent => ({
  subject: input.title,
  preview: input.content,
  blocks: [
    { kind: 'heading', text: input.title },
    { kind: 'paragraph', text: input.content },
    { kind: 'button', label: 'See the details', href: link(input.link) },
    { kind: 'note', text: 'You can also read this in My Messages in your account.' },
  ],
  reason: `You receive this e-mail because you have an account at ${SHOP_NAME}.`,
  ...(input.marketing ? { marketing: 'promotions' as const } : {}),
});

/** The acknowledgement of a request from the help pages (decision 0052). */
export const helpRequestReceivedMail = (
  input: { name: string; reference: number; what: string },
  { link }: MailContext,
): MailContent => ({
  subject: `We have received your request #${input.reference}`,
  preview: `Your ${input.what.toLowerCase()} request reached ${SHOP_NAME}: we will answer by e-mail.`,
  blocks: [
    { kind: 'heading', text: input.name ? `Thank you, ${input.name}` : 'Thank you for your request' },
    {
      kind: 'paragraph',
      text: `Your ${input.what.toLowerCase()} request #${input.reference} has reached us. Our team reads every request and answers by e-mail, usually within two working days.`,
    },
    { kind: 'button', label: 'Visit the help centre', href: link('/help') },
    { kind: 'note', text: 'Reply to our answer if you want to add anything: it reaches the same team.' },
  ],
  reason: `You receive this e-mail because a request was sent to ${SHOP_NAME} with this address.`,
});

/** The shop's answer to a request from the help pages, as staff wrote it (decision 0052). */
export const helpRequestAnsweredMail = (
  input: { name: string; reference: number; what: string; answer: string },
  { link }: MailContext,
): MailContent => ({
  subject: `Our answer to your request #${input.reference}`,
  preview: `${SHOP_NAME} answered your ${input.what.toLowerCase()} request.`,
  blocks: [
    { kind: 'heading', text: input.name ? `Hello ${input.name}` : 'Hello' },
    { kind: 'paragraph', text: `Here is our answer to your ${input.what.toLowerCase()} request #${input.reference}:` },
    ...input.answer
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph) => ({ kind: 'paragraph' as const, text: paragraph })),
    { kind: 'button', label: 'Visit the shop', href: link('/') },
  ],
  reason: `You receive this e-mail because you sent a request to ${SHOP_NAME} with this address.`,
});

/**
 * The agents' replies to a visitor who left the chat (decision 0060): each reply as a paragraph,
 * and the button back to the same conversation in the widget (a signed link that expires).
 */
export const chatRepliesMail = (
  input: { agent: string; replies: string[]; more: number; path: string; validDays: number },
  { link }: MailContext,
): MailContent => {
  const who = input.agent || 'Our support team';
  return {
    subject:
      input.replies.length > 1
        ? `${who} replied to your chat (${input.replies.length + input.more} messages)`
        : `${who} replied to your chat`,
    preview: input.replies[0] ?? `${who} replied to your chat at ${SHOP_NAME}.`,
    blocks: [
      { kind: 'heading', text: `${who} replied to your chat` },
      ...(input.more > 0 ? [{ kind: 'note' as const, text: `${input.more} earlier messages are in the chat.` }] : []),
      ...input.replies.map((reply) => ({ kind: 'paragraph' as const, text: reply })),
      { kind: 'button', label: 'Continue the conversation', href: link(input.path) },
      {
        kind: 'note',
        text: `The button opens this conversation in the chat for ${input.validDays} days. Please do not forward this e-mail: its link opens your conversation.`,
      },
    ],
    reason: `You receive this e-mail because you left this address in the chat at ${SHOP_NAME} while we were away.`,
  };
};
