/**
 * The back office's customers: paths, limits and texts without zod, so a page can import them and
 * load the schemas (customers.ts) only when it needs them.
 */

export const CustomerPaths = {
  list: '/admin/customers',
  profile: '/admin/customers/:id',
  chats: '/admin/customers/:id/chats',
  chat: '/admin/customers/:id/chats/:sessionId',
  notes: '/admin/customers/:id/notes',
  noteDelete: '/admin/customers/:id/notes/delete',
  erase: '/admin/customers/:id/erase',
} as const;

/** A path of CustomerPaths with the customer's number (and a conversation's) put in. */
export const customerPath = (path: string, id: number, sessionId?: number) =>
  path.replace(':id', String(id)).replace(':sessionId', String(sessionId ?? ''));

/** A staff note about a customer: 1 to 1000 characters. */
export const CUSTOMER_NOTE_MAX = 1000;
/** How many characters of a conversation's last message its row shows. */
export const CUSTOMER_CHAT_PREVIEW = 120;

export const CUSTOMER_PAGE_SIZE_DEFAULT = 20;
export const CUSTOMER_PAGE_SIZE_MAX = 100;
/** How many of the newest orders, points movements and coupons a profile shows. */
export const CUSTOMER_PROFILE_ROWS = 50;

export const CustomerMessages = {
  notFound: 'Customer not found',
  chatNotFound: 'Conversation not found',
  noteEmpty: 'Please write a note',
  noteTooLong: 'The note is too long (1000 characters at most)',
  noteNotFound: 'Note not found',
  noteNotYours: 'Only the note’s author can delete it',
  noteAdded: 'Note added',
  noteDeleted: 'Note deleted',
  reasonEmpty: 'Please give a reason',
  reasonTooLong: 'The reason is too long (500 characters at most)',
  notActive: 'This account is already closed',
  erased: 'The account has been erased',
} as const;
