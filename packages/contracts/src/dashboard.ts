import { z } from 'zod';
import { envelope } from './envelope';

/**
 * GET /admin/dashboard: what needs doing now and how the shop sells, for the back office's first
 * page. Each part is there only for a role that may act on it (orders: `orders.view`; stock:
 * `stock.edit`; the chat: `chat.answer`); amounts are US dollars, days are UTC.
 */

/** A SKU at or under this stock shows as low. */
export const LOW_STOCK_AT = 5;
/** The days the sales chart covers, today included. */
export const DASHBOARD_DAYS = 30;

const ZDaySales = z.object({
  /** yyyy-mm-dd, UTC */
  day: z.string(),
  orders: z.number().int(),
  sales: z.number(),
});

export const ZDashboard = z.object({
  sales: z
    .object({
      today: ZDaySales,
      /** the last DASHBOARD_DAYS days, oldest first, today last */
      days: z.array(ZDaySales),
      total: z.object({ orders: z.number().int(), sales: z.number() }),
    })
    .nullable(),
  orders: z
    .object({
      to_ship: z.number().int(),
      awaiting_payment: z.number().int(),
      on_their_way: z.number().int(),
      /** return requests waiting for staff: asked, or parcels on their way back */
      returns_waiting: z.number().int(),
    })
    .nullable(),
  stock: z
    .object({
      low: z.number().int(),
      items: z.array(
        z.object({
          goods_id: z.number().int(),
          sku_id: z.number().int(),
          name: z.string(),
          sku_text: z.string(),
          stock: z.number().int(),
        }),
      ),
    })
    .nullable(),
  chat: z.object({ queued: z.number().int(), agents_online: z.number().int() }).nullable(),
});
export type TDashboard = z.infer<typeof ZDashboard>;
export type TDaySales = z.infer<typeof ZDaySales>;
export const ZDashboardResponse = envelope(ZDashboard);
