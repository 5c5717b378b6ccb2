import type { TFriends, TPointsLog, TReferralSummary, TUserPoints } from '@shop/contracts/points';
import { PointsPaths, type PointsReasonName } from '@shop/contracts/points-rules';
import { api } from '../../lib/api';

/** The points and referral calls of the account pages (decisions 0032, 0033); failures are shown by each page. */
export const userPoints = () => api.get<TUserPoints>(PointsPaths.summary, { silent: true });

export const pointsLog = (page: number, pagesize: number, reason?: PointsReasonName) =>
  api.get<TPointsLog>(PointsPaths.log, { query: { page, pagesize, reason }, silent: true });

export const referralSummary = () => api.get<TReferralSummary>(PointsPaths.referrals, { silent: true });

export const friends = (page: number, pagesize: number) =>
  api.get<TFriends>(PointsPaths.friends, { query: { page, pagesize }, silent: true });
