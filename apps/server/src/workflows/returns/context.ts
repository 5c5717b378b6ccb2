import { ReturnMessages } from '@shop/contracts/returns';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderItemsTable, OrdersTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { StockChange } from '../../modules/catalog';
import { orderForReturns } from '../../modules/orders';
import type { PaymentProvider } from '../../modules/payments';
import { returnRequests } from '../../modules/returns';

/** What every move of the returns workflow runs with, and the order as a move reads it. */

export type ReturnsDeps = {
  db: Db;
  provider: PaymentProvider;
  clock: () => number;
  /** called after a commit that moved these goods' stock (the catalogue drops its cached copies) */
  onStockChange?: (changes: StockChange[]) => Promise<void> | void;
};

export type OrderRow = Selectable<OrdersTable>;
export type ItemRow = Selectable<OrderItemsTable>;
/** An order with its lines and the unit indices of each line that requests already hold. */
export type Loaded = { order: OrderRow; items: ItemRow[]; claimed: Map<number, Set<number>> };

/** The unit indices a request takes, by order line id. */
export type Take = ReadonlyMap<number, readonly number[]>;

/** Tells the catalogue, after the commit, which goods' stock moved. */
export async function stockChanged(deps: ReturnsDeps, changes: StockChange[]): Promise<void> {
  if (changes.length && deps.onStockChange) await deps.onStockChange(changes);
}

/** The order (the shopper's own when `userId` is given, else a 404) with its lines and claimed units. */
export async function loadOrder(q: Db, orderId: number, userId?: number): Promise<Loaded> {
  const found = await orderForReturns(q, orderId, userId);
  if (!found) throw AppError.notFound(ReturnMessages.notFound);
  const claimed = await returnRequests(q).claimedUnits(found.items.map((item) => item.id));
  return { order: found.order, items: found.items, claimed };
}
