import { type Expression, type SqlBool, sql } from 'kysely';
import { containsPattern } from '../../db/contains';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';

/**
 * The users module's part of the back office's customers (decision 0040): a search over the
 * shoppers' accounts and their points balances. Orders, coupons and addresses are answered by
 * their own modules; `workflows/customers.ts` composes them.
 */

export type ShopperSearch = {
  /** every word must match the e-mail, a name or the phone number */
  words: string[];
  /** shoppers found by other modules (an order number), listed whether or not the words match */
  alsoIds: number[];
  page: number;
  pagesize: number;
};

/** A page of shoppers matching the search, newest first, with the number of them in all. */
export async function searchShoppers(db: Db, search: ShopperSearch) {
  const filtered = db.selectFrom('users').where((eb) => {
    const wordMatches = search.words.map((word): Expression<SqlBool> => {
      const pattern = containsPattern(word);
      const digits = word.replace(/\D/g, '');
      const fields: Expression<SqlBool>[] = [
        sql<SqlBool>`lower(${sql.ref('users.email')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${sql.ref('users.first_name')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${sql.ref('users.last_name')}) like ${pattern} escape '\\'`,
      ];
      // a phone number as typed ("+1 555-0100"): its digits against the number and its dial code
      if (digits.length >= 3) {
        fields.push(
          sql<SqlBool>`(${sql.ref('users.dial_code')} || ${sql.ref('users.mobile')}) like ${`%${digits}%`}`,
          sql<SqlBool>`${sql.ref('users.mobile')} like ${`%${digits}%`}`,
        );
      }
      return eb.or(fields);
    });
    const byWords = wordMatches.length > 0 ? eb.and(wordMatches) : sql<SqlBool>`1 = 1`;
    return search.alsoIds.length > 0 ? eb.or([byWords, eb('users.id', 'in', search.alsoIds)]) : byWords;
  });
  return pageOf(
    filtered
      .select(['id', 'email', 'first_name', 'last_name', 'dial_code', 'mobile', 'status', 'created_at'])
      .orderBy('id', 'desc'),
    filtered.select((eb) => eb.fn.countAll<number | string>().as('n')),
    search.page,
    search.pagesize,
  );
}

/** The points balance of each of the shoppers (0 for one with no movements). */
export async function pointsBalancesOf(db: Db, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('points_ledger')
    .select(['user_id', (eb) => eb.fn.sum<number | string>('amount').as('balance')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.balance ?? 0)]));
}

/** The e-mail address of each of these shoppers. */
export async function emailsOf(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** The shoppers whose address is exactly this one (any case). */
export async function shopperIdsByEmail(db: Db, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(sql<SqlBool>`lower(${sql.ref('users.email')}) = ${email.toLowerCase()}`)
    .execute();
  return rows.map((row) => row.id);
}

/** The address of a shopper whose account is open (undefined once it is cancelled and erased). */
export async function activeEmailOf(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select(['email', 'status']).where('id', '=', userId).executeTakeFirst();
  return row?.status === 'active' ? row.email : undefined;
}
