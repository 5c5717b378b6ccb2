import { DASHBOARD_DAYS, LOW_STOCK_AT, type TDashboard } from '@shop/contracts/dashboard';
import { OrderStatus } from '@shop/contracts/orders-rules';
import { roleMay, type StaffRoleName } from '@shop/contracts/permissions';
import { centsToPrice } from '@shop/contracts/pricing';
import { chatFigures } from '../chat';
import type { Db } from '../db/database';
import { lowStock } from '../modules/catalog';
import { orderCountsByStatus, paidOrdersByDay } from '../modules/orders';
import { returnRequests } from '../modules/returns';

const DAY_MS = 86_400_000;

/**
 * GET /admin/dashboard: each owner answers for its own part (orders, returns, stock, the chat), and a role
 * sees only the parts it may act on. Sales count paid orders by the UTC day they were paid.
 */
export async function dashboardFor(db: Db, role: StaffRoleName, now: number): Promise<TDashboard> {
  const mayOrders = roleMay(role, 'orders.view');
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const from = todayStart - (DASHBOARD_DAYS - 1) * DAY_MS;
  const [days, counts, returnsWaiting, stock, chat] = await Promise.all([
    mayOrders ? paidOrdersByDay(db, from, DASHBOARD_DAYS) : null,
    mayOrders ? orderCountsByStatus(db, [OrderStatus.PendingPayment, OrderStatus.PendingShipment, OrderStatus.Shipped]) : null,
    mayOrders ? returnRequests(db).waitingCount() : 0,
    roleMay(role, 'stock.edit') ? lowStock(db, LOW_STOCK_AT, 8) : null,
    roleMay(role, 'chat.answer') ? chatFigures(db, now) : null,
  ]);
  const salesDays = days?.map((day) => ({ day: day.day, orders: day.orders, sales: centsToPrice(day.cents) })) ?? null;
  return {
    sales:
      salesDays && days
        ? {
            today: salesDays.at(-1) ?? { day: new Date(todayStart).toISOString().slice(0, 10), orders: 0, sales: 0 },
            days: salesDays,
            total: {
              orders: days.reduce((sum, day) => sum + day.orders, 0),
              sales: centsToPrice(days.reduce((sum, day) => sum + day.cents, 0)),
            },
          }
        : null,
    orders: counts
      ? {
          to_ship: counts.get(OrderStatus.PendingShipment) ?? 0,
          awaiting_payment: counts.get(OrderStatus.PendingPayment) ?? 0,
          on_their_way: counts.get(OrderStatus.Shipped) ?? 0,
          returns_waiting: returnsWaiting,
        }
      : null,
    stock,
    chat,
  };
}
