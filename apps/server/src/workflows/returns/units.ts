import { ReturnMessages } from '@shop/contracts/returns';
import { AppError } from '../../http/errors';
import type { ItemRow, Loaded, Take } from './context';

/**
 * Which units of an order's lines a request takes. Each unit of a line has an index; a request
 * claims indices, so two requests never hold the same unit and each unit's share of the money is
 * fixed whichever request refunds it.
 */

/** How many units of the line no request holds. */
export const free = (item: Pick<ItemRow, 'num'>, claimed: Set<number> | undefined) => item.num - (claimed?.size ?? 0);

/** The lowest unit indices of the line no request holds. */
export function freeUnits(item: Pick<ItemRow, 'num'>, claimed: Set<number> | undefined, count: number): number[] {
  const units: number[] = [];
  for (let index = 0; index < item.num && units.length < count; index++) if (!claimed?.has(index)) units.push(index);
  return units;
}

/** The units a request asks for, line by line; a 400 naming the item when one cannot be had. */
export function pickUnits(loaded: Loaded, items: ReadonlyArray<{ order_item_id: number; num: number }>): Map<number, number[]> {
  if (items.length === 0) throw AppError.field('items', 'items must list the items and quantities');
  const take = new Map<number, number[]>();
  items.forEach((wanted, index) => {
    const item = loaded.items.find((line) => line.id === wanted.order_item_id);
    if (!item) throw AppError.field(`items.${index}.order_item_id`, ReturnMessages.lineUnknown);
    if (take.has(item.id)) throw AppError.field(`items.${index}.order_item_id`, ReturnMessages.lineTwice);
    const left = free(item, loaded.claimed.get(item.id));
    if (wanted.num > left) throw AppError.field(`items.${index}.num`, ReturnMessages.tooMany(left));
    take.set(item.id, freeUnits(item, loaded.claimed.get(item.id), wanted.num));
  });
  return take;
}

/** Every free unit of the order (a cancellation before shipping). */
export function allUnits(loaded: Loaded): Map<number, number[]> {
  const take = new Map<number, number[]>();
  for (const item of loaded.items) {
    const units = freeUnits(item, loaded.claimed.get(item.id), item.num);
    if (units.length) take.set(item.id, units);
  }
  return take;
}

/** After refunding `take`, every unit of the order is refunded. */
export const completes = (loaded: Loaded, take: Take) =>
  loaded.items.every((item) => item.refunded_num + (take.get(item.id)?.length ?? 0) >= item.num);
