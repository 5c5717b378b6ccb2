/**
 * Shoppers (decisions 0025, 0026, 0032, 0033, 0055): accounts, sign-in and profile, e-mail and
 * password changes, the points ledger, referrals, the back office's customer search and notes.
 */
export { accountSecurityRoutes } from './account-routes';
export { createAccountSecurity } from './account-security';
export { accountClosureRoutes } from './closure-routes';
export { customerRoutes } from './customer-routes';
export { activeEmailOf, emailsOf, pointsBalancesOf, searchShoppers, shopperIdsByEmail } from './customers';
export { createLoyaltyService } from './loyalty';
export { loyaltyRoutes } from './loyalty-routes';
export { addNote, deleteNote, eraseNotesOf, notesOf } from './notes';
export { accountOf, eraseUser, profileOf } from './personal-data';
export {
  closePoints,
  creditPoints,
  creditReviewPoints,
  earnOrderPoints,
  expireAndNoticePoints,
  orderEarnedPoints,
  pointsBalance,
  pointsExpiryBacklog,
  pointsLedgerOf,
  pointsLog,
  pointsOverview,
  returnRefundedPoints,
  reverseOrderPoints,
  spendPoints,
  withdrawReviewPoints,
} from './points';
export { closeReferrals, referralOrderCompleted, referralsDue, referralsOf, settleReferral } from './referrals';
export { userRoutes } from './routes';
export { createUserService } from './service';
