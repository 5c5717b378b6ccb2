import { ReturnMessages, ReturnStatus, type TAdminReturnDetail } from '@shop/contracts/returns';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { releaseStock, reserveStock, type StockChange, skuForExchange } from '../../modules/catalog';
import { carrierByCode } from '../../modules/orders';
import { type ReturnRow, returnRequests, storedQuote } from '../../modules/returns';
import type { Loaded, ReturnsDeps, Take } from './context';
import { auditReturnMove, emitReturnMoved, staffMove } from './staff-move';
import { adminDetail } from './staff-views';

/**
 * Exchanges: another size or colour of the same product at the same price. Its units are
 * reserved when asked, given back when the request is declined or withdrawn, and the replacement
 * ships once the parcel has arrived. No money moves.
 */

/**
 * Step: an exchange's new SKU, checked and its units reserved: the same product, another SKU, the
 * same price, in stock. Answers the stock changes and how the request names it.
 */
export async function reserveExchange(
  trx: Db,
  loaded: Loaded,
  take: Take,
  exchangeSkuId: number | undefined,
): Promise<{ changes: StockChange[]; label: string }> {
  const [lineId, units] = [...take][0] ?? [];
  const item = loaded.items.find((line) => line.id === lineId);
  const sku = exchangeSkuId === undefined ? undefined : await skuForExchange(trx, exchangeSkuId);
  if (!item || !units || !sku || sku.goods_id !== item.goods_id || sku.id === item.sku_id)
    throw AppError.field('exchange_sku_id', ReturnMessages.exchangeSku);
  if (sku.price !== item.unit_price) throw AppError.field('exchange_sku_id', ReturnMessages.exchangePrice);
  const reserved = await reserveStock(trx, [{ sku_id: sku.id, goods_id: sku.goods_id, num: units.length }]);
  if (reserved.short) throw AppError.field('exchange_sku_id', ReturnMessages.exchangeStock);
  return { changes: reserved.changes, label: `${item.goods_name} (${sku.color}, size ${sku.size})` };
}

/** Step: a declined or withdrawn exchange gives its reserved replacement back to stock. */
export async function releaseExchange(trx: Db, row: ReturnRow): Promise<StockChange[]> {
  if (row.kind !== 'exchange' || row.exchange_sku_id === null) return [];
  const sku = await skuForExchange(trx, row.exchange_sku_id);
  if (!sku) return [];
  const quote = storedQuote(row);
  const num = quote.lines.reduce((sum, line) => sum + line.num, 0);
  return releaseStock(trx, [{ sku_id: sku.id, goods_id: sku.goods_id, num }]);
}

export type Replacement = { id: number; company_code: string; tracking_no: string };

/** An exchange's replacement leaves with a carrier and tracking number. */
export async function shipReplacement(deps: ReturnsDeps, staffId: number, input: Replacement): Promise<TAdminReturnDetail> {
  const at = deps.clock();
  const company = await carrierByCode(deps.db, input.company_code);
  if (!company) throw AppError.field('company_code', `Unknown carrier: ${input.company_code}`);
  await staffMove(deps, input.id, async (trx, row) => {
    await returnRequests(trx).move(row, 'exchange', {
      actor: `staff:${staffId}`,
      at,
      note: `Replacement shipped: ${company.name} ${input.tracking_no}`,
      changes: { replacement_company_id: company.id, replacement_tracking_no: input.tracking_no },
    });
    await emitReturnMoved(trx, 'return.exchanged', row, at);
    await auditReturnMove(trx, staffId, row, {
      action: 'return.exchange',
      after: { status: ReturnStatus.Exchanged, carrier: company.code, tracking_no: input.tracking_no },
      at,
    });
    return [];
  });
  return adminDetail(deps.db, input.id);
}
