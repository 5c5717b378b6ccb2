/**
 * Checkout, orders, payments and shipping (spec 3 "Order list item", spec 4 order status codes,
 * spec 7 "Orders"). Every amount on the wire is a decimal number of US dollars with 2 places (the
 * server keeps integer cents and computes every figure; the client only shows them, converted
 * into the shopper's currency).
 */

export * from './orders-rules';
export * from './orders-shopper';
export * from './orders-staff';
