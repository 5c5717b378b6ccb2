/**
 * The back office's customers area: the customer list and profile, coupons and feedback. The routes
 * import its pages from their own modules; no other feature uses it.
 */
export {};
