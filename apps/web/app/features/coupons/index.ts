/**
 * The shopper's coupons, the coupon centre and coupons for points (issue 15). What other features
 * may import from this one: they reach it only through this file. Nothing yet: the pages are
 * imported by their routes from their own modules (a bundle keeps every module an index names
 * wherever the index is imported), and the pages' addresses are in lib/paths.ts.
 */
export {};
