import { ReturnStatus, type TAdminReturnDetail } from '@shop/contracts/returns';
import { AppError } from '../../http/errors';
import { releaseStock } from '../../modules/catalog';
import { orderForReturns } from '../../modules/orders';
import { returnRequests } from '../../modules/returns';
import type { ReturnsDeps } from './context';
import { auditReturnMove, staffMove } from './staff-move';
import { adminDetail } from './staff-views';

/** A line of the parcel as staff found it: back into stock, or not when damaged (restock by default). */
export type ReceivedLine = { order_item_id: number; restock: boolean };

/**
 * The parcel arrived: each line's units go back into stock unless marked damaged — once, with the
 * move to Received (a second receipt is refused by the move and puts nothing back).
 */
export async function receive(
  deps: ReturnsDeps,
  staffId: number,
  id: number,
  lines: ReceivedLine[],
): Promise<TAdminReturnDetail> {
  const at = deps.clock();
  await staffMove(deps, id, async (trx, row) => {
    const repo = returnRequests(trx);
    const returned = await repo.linesOf([row.id]);
    lines.forEach((line, index) => {
      if (!returned.some((entry) => entry.order_item_id === line.order_item_id))
        throw AppError.field(`lines.${index}.order_item_id`, 'order_item_id is not an item of this request');
    });
    const restock = (lineId: number) => lines.find((line) => line.order_item_id === lineId)?.restock ?? true;
    await repo.move(row, 'receive', {
      actor: `staff:${staffId}`,
      at,
      note: returned
        .map((line) => `${line.num} received${restock(line.order_item_id) ? ', back in stock' : ', not resellable'}`)
        .join('; '),
    });
    const found = await orderForReturns(trx, row.order_id);
    const back: Array<{ sku_id: number; goods_id: number; num: number }> = [];
    for (const line of returned) {
      const again = restock(line.order_item_id);
      await repo.markReceived(row.id, line.order_item_id, line.num, again ? line.num : 0);
      const item = found?.items.find((entry) => entry.id === line.order_item_id);
      if (again && item) back.push({ sku_id: item.sku_id, goods_id: item.goods_id, num: line.num });
    }
    await auditReturnMove(trx, staffId, row, {
      action: 'return.receive',
      after: {
        status: ReturnStatus.Received,
        lines: returned.map((line) => ({
          order_item_id: line.order_item_id,
          num: line.num,
          restocked: restock(line.order_item_id),
        })),
      },
      at,
    });
    return releaseStock(trx, back);
  });
  return adminDetail(deps.db, id);
}
