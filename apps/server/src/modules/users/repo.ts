import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/engine';
import { pageOf } from '../../db/paging';
import type { KnownIdentitiesTable, PointsLedgerTable, ReferralsTable, UsersTable } from '../../db/schema';

export function usersRepo(db: Db) {
  return {
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findIdByInvitationCode(code: string) {
      return db
        .selectFrom('users')
        .select('id')
        .where('invitation_code', '=', code.toUpperCase())
        .where('status', '=', 'active')
        .executeTakeFirst();
    },
    invitationCodeTaken(code: string) {
      return db.selectFrom('users').select('id').where('invitation_code', '=', code).executeTakeFirst().then(Boolean);
    },
    async insert(row: Insertable<UsersTable>) {
      const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },
    update(id: number, patch: Updateable<UsersTable>) {
      return db.updateTable('users').set(patch).where('id', '=', id).execute();
    },
  };
}

/** The points ledger's SQL: rows are only ever added. */
export function pointsRepo(db: Db) {
  return {
    /** The sum of the shopper's rows (0 without any): an index-only read over (user_id, amount). */
    async balance(userId: number): Promise<number> {
      const row = await db
        .selectFrom('points_ledger')
        .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /**
     * Within a transaction, makes every other spend of the shopper's points wait for it to end. On
     * PostgreSQL the shopper's row is locked FOR NO KEY UPDATE: the foreign-key checks of rows
     * inserted for the shopper (an order, a ledger row) take KEY SHARE, which this does not block,
     * so two checkouts of one shopper cannot deadlock on it. SQLite runs one write transaction at a
     * time.
     */
    async lockShopper(userId: number): Promise<void> {
      if (!isPostgres(db)) return;
      await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    },

    rowsOf(userId: number) {
      return db
        .selectFrom('points_ledger')
        .select(['amount', 'reason', 'source_type', 'source_id', 'note', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** Every movement's id, amount and time: what the oldest-first expiry walks. */
    movementsOf(userId: number) {
      return db
        .selectFrom('points_ledger')
        .select(['id', 'amount', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** A page of the shopper's movements, newest first, optionally of one reason. */
    async page(userId: number, page: number, pageSize: number, reason?: string) {
      const base = db
        .selectFrom('points_ledger')
        .where('user_id', '=', userId)
        .$if(reason !== undefined, (qb) => qb.where('reason', '=', reason as string));
      return pageOf(
        base
          .select(['id', 'amount', 'reason', 'source_type', 'source_id', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc'),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')),
        page,
        pageSize,
      );
    },

    /** The sum of the shopper's rows of one reason. */
    async sumOf(userId: number, reason: string): Promise<number> {
      const row = await db
        .selectFrom('points_ledger')
        .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
        .where('user_id', '=', userId)
        .where('reason', '=', reason)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** The amount of one source's row of a reason (0 without one). */
    async amountOf(sourceType: string, sourceId: string, reason: string): Promise<number> {
      const row = await db
        .selectFrom('points_ledger')
        .select('amount')
        .where('source_type', '=', sourceType)
        .where('source_id', '=', sourceId)
        .where('reason', '=', reason)
        .executeTakeFirst();
      return row?.amount ?? 0;
    },

    /** The sum of the rows of a reason whose source id starts with `prefix` (an order's refunds). */
    async sumOfSources(sourceType: string, prefix: string, reason: string): Promise<number> {
      const row = await db
        .selectFrom('points_ledger')
        .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
        .where('source_type', '=', sourceType)
        .where('source_id', 'like', `${prefix}%`)
        .where('reason', '=', reason)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /**
     * Shoppers with points left whose oldest earning is at or before `earnedBy`: those who may have
     * points to expire or to be told about.
     */
    async holdersEarnedBy(earnedBy: number, after: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('points_ledger')
        .select('user_id')
        .where('user_id', '>', after)
        .groupBy('user_id')
        .having((eb) => eb.fn.sum('amount'), '>', 0)
        .having((eb) => eb.fn.min(eb.case().when('amount', '>', 0).then(eb.ref('created_at')).end()), '<=', earnedBy)
        .orderBy('user_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.user_id);
    },

    /**
     * Records that the shopper was told about earnings up to `ledgerId`; false when a notice already
     * covered them (a conditional upsert: only a newer earning moves it on).
     */
    async recordExpiryNotice(row: { user_id: number; ledger_id: number; expires_at: number; notified_at: number }) {
      const written = await db
        .insertInto('points_expiry_notices')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({
              ledger_id: (eb) => eb.ref('excluded.ledger_id'),
              expires_at: (eb) => eb.ref('excluded.expires_at'),
              notified_at: (eb) => eb.ref('excluded.notified_at'),
            })
            .where('points_expiry_notices.ledger_id', '<', row.ledger_id),
        )
        .returning('user_id')
        .executeTakeFirst();
      return written !== undefined;
    },

    /** Adds a row unless its source already moved points for this reason; true when added. */
    async append(row: Insertable<PointsLedgerTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('points_ledger')
        .values(row)
        .onConflict((oc) => oc.columns(['source_type', 'source_id', 'reason']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}

/** The referrals' SQL: friends, known identities and the inviters' monthly counts. */
export function referralsRepo(db: Db) {
  return {
    /** Records a digest of an identity an account was opened with; false when it was known already. */
    async recordIdentity(row: Insertable<KnownIdentitiesTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('known_identities')
        .values(row)
        .onConflict((oc) => oc.columns(['kind', 'digest']).doNothing())
        .returning('kind')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Whether another account than `userId` holds this phone number. */
    async phoneHeldByOther(mobile: string, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', mobile)
        .where('id', '<>', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(row: Insertable<ReferralsTable>): Promise<void> {
      await db.insertInto('referrals').values(row).execute();
    },

    /** The friend's referral waiting for a first order takes this one (a conditional update); true when it did. */
    async markOrdered(friendId: number, orderId: number, rewardDueAt: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('referrals')
        .set({ status: 'ordered', order_id: orderId, reward_due_at: rewardDueAt, updated_at: at })
        .where('friend_id', '=', friendId)
        .where('status', '=', 'registered')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves a referral from one status to another; false when it was no longer in `from`. */
    async move(
      id: number,
      from: ReferralsTable['status'],
      patch: Updateable<ReferralsTable> & { status: ReferralsTable['status']; updated_at: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('referrals')
        .set(patch)
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Referrals whose first order's return window closed by `now`. */
    due(now: number, limit: number) {
      return db
        .selectFrom('referrals')
        .select(['id', 'inviter_id', 'friend_id', 'order_id'])
        .where('status', '=', 'ordered')
        .where('reward_due_at', '<=', now)
        .orderBy('reward_due_at')
        .limit(limit)
        .execute();
    },

    /**
     * Counts one reward of the inviter in `month` unless they had `max` already: one conditional
     * upsert, so concurrent rewards cannot pass the limit. True when counted.
     */
    async countReward(inviterId: number, month: string, max: number): Promise<boolean> {
      const counted = await db
        .insertInto('referral_rewards_monthly')
        .values({ inviter_id: inviterId, month, rewarded: 1 })
        .onConflict((oc) =>
          oc
            .columns(['inviter_id', 'month'])
            .doUpdateSet({ rewarded: (eb) => eb('referral_rewards_monthly.rewarded', '+', 1) })
            .where('referral_rewards_monthly.rewarded', '<', max),
        )
        .returning('rewarded')
        .executeTakeFirst();
      return counted !== undefined;
    },

    /** How many of the inviter's friends stand at each status, and the points they earned. */
    async summary(inviterId: number) {
      const rows = await db
        .selectFrom('referrals')
        .select((eb) => [
          'status',
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string | null>('points').as('points'),
        ])
        .where('inviter_id', '=', inviterId)
        .groupBy('status')
        .execute();
      return rows.map((row) => ({ status: row.status, count: Number(row.n), points: Number(row.points ?? 0) }));
    },

    /** A page of the inviter's friends, newest first, with the names the friends gave. */
    async page(inviterId: number, page: number, pageSize: number) {
      const base = db.selectFrom('referrals').where('referrals.inviter_id', '=', inviterId);
      return pageOf(
        base
          .innerJoin('users', 'users.id', 'referrals.friend_id')
          .select([
            'referrals.id',
            'referrals.status',
            'referrals.reward_due_at',
            'referrals.points',
            'referrals.created_at',
            'users.first_name',
            'users.last_name',
            'users.status as account_status',
          ])
          .orderBy('referrals.id', 'desc'),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')),
        page,
        pageSize,
      );
    },

    /** The referrals the shopper is part of, as inviter or as friend (their export). */
    of(userId: number) {
      return db
        .selectFrom('referrals')
        .select([
          'id',
          'inviter_id',
          'friend_id',
          'status',
          'order_id',
          'reward_due_at',
          'points',
          'note',
          'created_at',
          'updated_at',
        ])
        .where((eb) => eb.or([eb('inviter_id', '=', userId), eb('friend_id', '=', userId)]))
        .orderBy('id')
        .execute();
    },

    /** Referrals still waiting that involve the shopper end without a reward (the account closes). */
    async closeOpen(userId: number, at: number): Promise<void> {
      await db
        .updateTable('referrals')
        .set({ status: 'not_rewarded', note: 'account_closed', reward_due_at: null, updated_at: at })
        .where((eb) => eb.or([eb('inviter_id', '=', userId), eb('friend_id', '=', userId)]))
        .where('status', 'in', ['registered', 'ordered'])
        .execute();
    },
  };
}
