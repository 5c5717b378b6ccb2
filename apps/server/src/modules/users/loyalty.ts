import { goodsPaidCents, pointsEarnedFor, type TPointsLog, type TUserPoints } from '@shop/contracts/points';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { recordAudit } from '../audit';
import { pendingOrderEarnings } from '../orders';
import { adjustPoints, type PointsReason, pointsLog, pointsOverview } from './points';
import { friendsOf, referralSummary } from './referrals';
import { usersRepo } from './repo';

const SHOPPER_NOT_FOUND = 'Shopper not found';

/** The shopper's points and referrals as the account pages read them, and the staff's adjustment. */
export function createLoyaltyService({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
  return {
    async points(userId: number): Promise<TUserPoints> {
      const [overview, pending] = await Promise.all([pointsOverview(db, userId, clock()), pendingOrderEarnings(db, userId)]);
      return { ...overview, pending: pending.reduce((sum, order) => sum + pointsEarnedFor(goodsPaidCents(order)), 0) };
    },

    log: (userId: number, query: { page: number; pagesize: number; reason?: PointsReason }): Promise<TPointsLog> =>
      pointsLog(db, userId, query),

    referrals: (userId: number) => referralSummary(db, userId),

    friends: (userId: number, query: { page: number; pagesize: number }) => friendsOf(db, userId, query),

    /** A staff adjustment: the ledger row names the staff member, the audit trail keeps the reason and the balances. */
    async adjust(staffId: number, userId: number, input: { points: number; reason: string }) {
      const at = clock();
      return db.transaction().execute(async (trx) => {
        const user = await usersRepo(trx).findById(userId);
        if (!user) throw AppError.notFound(SHOPPER_NOT_FOUND);
        const balance = await adjustPoints(trx, { userId, points: input.points, staffId, note: input.reason, at });
        await recordAudit(trx, {
          staffId,
          action: 'points.adjust',
          object: { type: 'user', id: userId },
          before: { balance: balance - input.points },
          after: { balance, points: input.points },
          reason: input.reason,
          at,
        });
        return { user_id: userId, points: input.points, balance };
      });
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
