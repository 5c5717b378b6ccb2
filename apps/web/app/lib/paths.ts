/** spec 2 "Routes": the shopper's sign-in page, where signing out and an ended session lead. */
export const SIGN_IN_PATH = '/login';

/**
 * spec 2: the shopper's coupons, and the coupon centre on the same page (linked from checkout and
 * the account menu). The points pages' addresses are the contracts' `PointsPages`.
 */
export const MY_COUPONS_PATH = '/ShoppingListMain/MyCoupons';
export const COUPON_CENTRE_ID = 'coupon-centre';
export const COUPON_CENTRE_PATH = `${MY_COUPONS_PATH}#${COUPON_CENTRE_ID}`;
