import { orderFlags, staffOrderFlags } from '@shop/contracts/order-states';
import {
  orderStatusLabel,
  type TAdminOrderListItem,
  type TOrderAddress,
  type TOrderBreakdown,
  type TOrderDetail,
  type TOrderListItem,
  type TShippingMethod,
} from '@shop/contracts/orders';
import { centsToPrice } from '@shop/contracts/pricing';
import type { Selectable } from 'kysely';
import type {
  DeliveryCompaniesTable,
  OrderItemsTable,
  OrderPaymentsTable,
  OrderStatusHistoryTable,
  OrdersTable,
} from '../../db/schema';
import type { Breakdown } from './pricing';

export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type CompanyRow = Selectable<DeliveryCompaniesTable>;

/** The breakdown's cents as the API's decimal dollars. */
export function presentBreakdown(b: Breakdown): TOrderBreakdown {
  return {
    goods_amount: centsToPrice(b.goods_amount),
    discount_amount: centsToPrice(b.discount_amount),
    coupon_amount: centsToPrice(b.coupon_amount),
    points_used: b.points_used,
    points_amount: centsToPrice(b.points_amount),
    shipping_method: b.shipping_method,
    shipping_amount: centsToPrice(b.shipping_amount),
    surcharge_amount: centsToPrice(b.surcharge_amount),
    surcharges: b.surcharges.map((line) => ({ ...line, amount: centsToPrice(line.amount) })),
    insurance: b.insurance,
    insurance_amount: centsToPrice(b.insurance_amount),
    customs_amount: centsToPrice(b.customs_amount),
    pay_price: centsToPrice(b.pay_price),
  };
}

const parseSnapshot = (row: Pick<OrderRow, 'address_json'>): TOrderAddress => JSON.parse(row.address_json);

export function breakdownOf(row: OrderRow): Breakdown {
  return {
    goods_amount: row.goods_amount,
    discount_amount: row.discount_amount,
    coupon_amount: row.coupon_amount,
    points_used: row.points_used,
    points_amount: row.points_amount,
    shipping_method: row.shipping_method as TShippingMethod,
    shipping_amount: row.shipping_amount,
    surcharge_amount: row.surcharge_amount,
    surcharges: JSON.parse(row.surcharges_json) as Breakdown['surcharges'],
    insurance: row.insurance_amount > 0 ? 1 : 0,
    insurance_amount: row.insurance_amount,
    customs_amount: row.customs_amount,
    pay_price: row.pay_price,
  };
}

/** What every list of orders shows first of one: its number, status and total. */
export function presentOrderHeadline(row: Pick<OrderRow, 'id' | 'order_no' | 'status' | 'pay_price' | 'total_num'>) {
  return {
    id: row.id,
    order_no: row.order_no,
    status: row.status,
    status_text: orderStatusLabel(row.status),
    pay_price: centsToPrice(row.pay_price),
    total_num: row.total_num,
  };
}

/** An order as the shopper's list shows it, with what they may do with it at `now`. */
export function presentListItem(row: OrderRow, items: OrderItemRow[], now: number): TOrderListItem {
  return {
    ...presentOrderHeadline(row),
    create_time: row.created_at,
    pay_expires_at: row.pay_expires_at,
    detail: items.map((item) => ({ goods_name: item.goods_name, num: item.num, image: item.image })),
    ...orderFlags(row, now),
  };
}

/** An order as the back office's list shows it: the shopper's flags, and what the state lets staff do. */
export function presentAdminListItem(
  row: OrderRow,
  items: OrderItemRow[],
  email: string,
  company: CompanyRow | undefined,
  now: number,
): TAdminOrderListItem {
  return {
    ...presentListItem(row, items, now),
    user_id: row.user_id,
    email,
    tracking_no: row.tracking_no,
    delivery_company: company?.name ?? null,
    paid_at: row.paid_at,
    shipped_at: row.shipped_at,
    ...staffOrderFlags(row),
  };
}

export const trackingUrlOf = (company: Pick<CompanyRow, 'tracking_url'> | undefined, trackingNo: string | null) =>
  company && trackingNo ? company.tracking_url.replace('{no}', encodeURIComponent(trackingNo)) : '';

export function presentAddress(row: Pick<OrderRow, 'address_json'>): TOrderAddress {
  const a = parseSnapshot(row);
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    phone: a.phone,
    country: a.country,
    state: a.state,
    city: a.city,
    address1: a.address1,
    address2: a.address2,
    postcode: a.postcode,
  };
}

const actorOf = (actor: string): TOrderDetail['history'][number]['actor'] =>
  actor === 'shopper' || actor === 'payment' || actor === 'system' ? actor : 'staff';

/** What an order's detail shows besides the order's own row. */
export type OrderParts = {
  items: OrderItemRow[];
  payments: Selectable<OrderPaymentsTable>[];
  history: Selectable<OrderStatusHistoryTable>[];
};

export function presentDetail(row: OrderRow, parts: OrderParts & { company: CompanyRow | undefined; now: number }): TOrderDetail {
  return {
    ...presentListItem(row, parts.items, parts.now),
    lines: parts.items.map((item) => ({
      id: item.id,
      goods_id: item.goods_id,
      sku_id: item.sku_id,
      goods_name: item.goods_name,
      goods_url: item.goods_url,
      image: item.image,
      sku_text: item.sku_text,
      unit_price: centsToPrice(item.unit_price),
      origin_price: centsToPrice(item.origin_price),
      num: item.num,
      total: centsToPrice(item.total),
      coupon_share: centsToPrice(item.coupon_share),
      points_share: centsToPrice(item.points_share),
    })),
    address: presentAddress(row),
    breakdown: presentBreakdown(breakdownOf(row)),
    remark: row.remark,
    currency_code: row.currency_code,
    payments: parts.payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      amount: centsToPrice(p.amount),
      status: p.status,
      message: p.message,
      card_last4: p.card_last4,
      create_time: p.created_at,
    })),
    history: parts.history.map((h) => ({
      from_status: h.from_status,
      to_status: h.to_status,
      actor: actorOf(h.actor),
      note: h.note,
      create_time: h.created_at,
    })),
    delivery_company: parts.company ? { code: parts.company.code, name: parts.company.name } : null,
    tracking_no: row.tracking_no,
    tracking_url: trackingUrlOf(parts.company, row.tracking_no),
    paid_at: row.paid_at,
    shipped_at: row.shipped_at,
    completed_at: row.completed_at,
    cancelled_at: row.cancelled_at,
    cancel_reason: row.cancel_reason,
    refunded_amount: centsToPrice(row.refunded_amount),
  };
}
