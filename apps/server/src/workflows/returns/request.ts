import {
  type ReturnKind,
  ReturnMessages,
  ReturnStatus,
  type TRefundRequest,
  type TRefundReturnRequest,
  type TReturnDetail,
} from '@shop/contracts/returns';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import { recordAudit } from '../../modules/audit';
import type { StockChange } from '../../modules/catalog';
import { cancelBeforeShipping, refundCancelled } from './cancel';
import { type Loaded, type ReturnsDeps, stockChanged, type Take } from './context';
import { modeOf } from './eligibility';
import { reserveExchange } from './exchange';
import { returnWindowDays } from './settings';
import { checkPhotos, insertRequest, loadHeldOrder, quoteOf, type ReturnAgent } from './steps';
import { pickUnits } from './units';
import { detail } from './views';

/**
 * The shopper asks: a refund without a return (before shipping, the whole order cancelled and
 * refunded at once; after, the lines that never came), or delivered lines sent back for their
 * money or for another size or colour. Each request holds the order's row while it claims units.
 */

type Items = { order_item_id: number; num: number }[];

/** A refund request as the route hands it over (no lines named: the whole order, before shipping). */
export type RefundInput = Required<Pick<TRefundRequest, 'order_id' | 'reason'>> & {
  items: Items;
  description: string;
  images: string[];
};

/** A return or exchange request as the route (or the agent's console) hands it over. */
export type ReturnInput = Omit<TRefundReturnRequest, 'description' | 'images'> & { description: string; images: string[] };

/** Before shipping only the whole order may be asked for: every line, every unit (or no lines named). */
const asksWholeOrder = (loaded: Loaded, items: Items) =>
  items.length === 0 ||
  loaded.items.every((item) => items.some((wanted) => wanted.order_item_id === item.id && wanted.num === item.num));

/**
 * POST /shop/orderRefund/refund. Before shipping: the order is cancelled, its stock, coupon and
 * points come back and everything is refunded at once. After: the lines that never came wait
 * for staff.
 */
export async function requestRefund(deps: ReturnsDeps, userId: number, input: RefundInput): Promise<TReturnDetail> {
  const at = deps.clock();
  const windowDays = await returnWindowDays(deps.db);
  const changes: StockChange[] = [];
  const { id, refundId } = await inTransaction(deps.db, async (trx) => {
    changes.length = 0;
    const loaded = await loadHeldOrder(trx, input.order_id, at, userId);
    const mode = modeOf(loaded.order, at, windowDays);
    if (!('mode' in mode)) throw AppError.field('order_id', mode.error);
    await checkPhotos(trx, userId, input.images);
    if (mode.mode === 'cancel') {
      if (!asksWholeOrder(loaded, input.items)) throw AppError.field('items', ReturnMessages.beforeShipping);
      const cancelled = await cancelBeforeShipping(deps, trx, loaded, {
        actor: 'shopper',
        reason: input.reason,
        description: input.description,
        photos: input.images,
        at,
      });
      changes.push(...cancelled.changes);
      return { id: cancelled.returnId, refundId: cancelled.refundId };
    }
    const take = pickUnits(loaded, input.items);
    const quote = await quoteOf(trx, loaded, 'refund', take);
    const returnId = await insertRequest(trx, loaded, {
      userId,
      kind: 'refund',
      status: ReturnStatus.Requested,
      cancelsOrder: false,
      reason: input.reason,
      description: input.description,
      photos: input.images,
      exchangeSkuId: null,
      take,
      quote,
      at,
    });
    return { id: returnId, refundId: undefined };
  });
  await stockChanged(deps, changes);
  if (refundId !== undefined) await refundCancelled(deps, refundId, null);
  return detail(deps, userId, id);
}

/** A return an agent started for the shopper (decision 0059): the audit entry and the shopper's notice. */
async function recordAgentReturn(
  trx: Db,
  agent: ReturnAgent,
  request: { id: number; userId: number; orderId: number; kind: ReturnKind; take: Take; amount: number; reason: string },
  at: number,
) {
  await recordAudit(trx, {
    staffId: agent.staffId,
    action: 'return.start_for_shopper',
    object: { type: 'return', id: request.id },
    after: {
      user_id: request.userId,
      order_id: request.orderId,
      kind: request.kind,
      lines: [...request.take].map(([lineId, units]) => ({ order_item_id: lineId, num: units.length })),
      amount: request.amount,
      session_id: agent.sessionId,
    },
    reason: request.reason,
    at,
  });
  const notice = {
    user_id: request.userId,
    staff_id: agent.staffId,
    action: 'return' as const,
    order_id: request.orderId,
    return_id: request.id,
    session_id: agent.sessionId,
    message_key: agent.messageKey,
    amount: null,
  };
  await emit(trx, 'support.acted', notice, at);
}

/**
 * POST /shop/orderRefund/refundReturn: delivered lines sent back for their money, or for another
 * size or colour. `agent`: an agent starts it for the shopper from the console (decision 0059) —
 * the same rules and quote, the agent kept on the request and in its timeline, an audit entry
 * and the shopper's notice (`support.acted`) in the same transaction.
 */
export async function requestReturn(
  deps: ReturnsDeps,
  userId: number,
  input: ReturnInput,
  agent?: ReturnAgent,
): Promise<TReturnDetail> {
  const at = deps.clock();
  const windowDays = await returnWindowDays(deps.db);
  const changes: StockChange[] = [];
  const id = await inTransaction(deps.db, async (trx) => {
    changes.length = 0;
    const loaded = await loadHeldOrder(trx, input.order_id, at, userId);
    const mode = modeOf(loaded.order, at, windowDays);
    if (!('mode' in mode)) throw AppError.field('order_id', mode.error);
    if (mode.mode !== 'return') throw AppError.field('order_id', ReturnMessages.notEligible);
    await checkPhotos(trx, userId, input.images);
    const take = pickUnits(loaded, input.items);
    const kind: ReturnKind = input.type === 'exchange' ? 'exchange' : 'return';
    const exchange = kind === 'exchange' ? await reserveExchange(trx, loaded, take, input.exchange_sku_id) : undefined;
    if (exchange) changes.push(...exchange.changes);
    const quote = await quoteOf(trx, loaded, kind, take, { exchangeFor: exchange?.label });
    const returnId = await insertRequest(trx, loaded, {
      userId,
      kind,
      status: ReturnStatus.Requested,
      cancelsOrder: false,
      reason: input.reason,
      description: input.description,
      photos: input.images,
      exchangeSkuId: kind === 'exchange' ? (input.exchange_sku_id ?? null) : null,
      take,
      quote,
      at,
      agent,
    });
    if (agent) {
      const request = { id: returnId, userId, orderId: loaded.order.id, kind, take, amount: quote.amount, reason: input.reason };
      await recordAgentReturn(trx, agent, request, at);
    }
    return returnId;
  });
  await stockChanged(deps, changes);
  return detail(deps, userId, id);
}
