import type { TUserInfo } from '@shop/contracts/auth';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';

/** What leaves the server about a shopper; a new column never leaks by accident. `points`: the ledger's balance; `unreadMessages`: the inbox's unread notices. */
export function presentUser(row: Selectable<UsersTable>, points: number, unreadMessages: number): TUserInfo {
  return {
    id: row.id,
    username: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    mobile: row.mobile,
    code: row.dial_code,
    avatar: row.avatar,
    invitation_code: row.invitation_code,
    points,
    unread_messages: unreadMessages,
    marketing_consent: row.marketing_consent === 1,
    email_verified: row.email_verified_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}
