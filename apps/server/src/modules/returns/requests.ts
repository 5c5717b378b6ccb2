import {
  illegalReturnMoveMessage,
  nextReturnStatus,
  type ReturnAction,
  type ReturnKind,
  ReturnStatus,
} from '@shop/contracts/return-rules';
import { type Insertable, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { pageOf } from '../../db/paging';
import type { ReturnsTable } from '../../db/schema';
import { AppError } from '../../http/errors';

export type ReturnRow = Selectable<ReturnsTable>;

/** The statuses whose units stay claimed: everything but declined and withdrawn. */
const RELEASED = [ReturnStatus.Rejected, ReturnStatus.Withdrawn];

/**
 * The returns module's tables (decision 0047): requests, their lines, the units they claim and
 * their timelines. Runs in the caller's transaction; the caller holds the order's row first, so
 * the requests of one order are written one after another.
 */
export function returnRequests(db: Db) {
  return {
    async insert(row: Insertable<ReturnsTable>): Promise<number> {
      const inserted = await db.insertInto('returns').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    countOfOrder(orderId: number): Promise<number> {
      return db
        .selectFrom('returns')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    },

    find(id: number, userId?: number): Promise<ReturnRow | undefined> {
      let query = db.selectFrom('returns').selectAll().where('id', '=', id);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      return query.executeTakeFirst();
    },

    async insertLines(returnId: number, lines: Array<{ order_item_id: number; num: number }>) {
      if (lines.length === 0) return;
      await db
        .insertInto('return_lines')
        .values(lines.map((line) => ({ return_id: returnId, order_item_id: line.order_item_id, num: line.num })))
        .execute();
    },

    linesOf(returnIds: number[]) {
      if (returnIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('return_lines').selectAll().where('return_id', 'in', returnIds).orderBy('order_item_id').execute();
    },

    /** The unit indices each line of the order has claimed, by line. */
    async claimedUnits(lineIds: number[]): Promise<Map<number, Set<number>>> {
      const claimed = new Map<number, Set<number>>();
      if (lineIds.length === 0) return claimed;
      const rows = await db
        .selectFrom('return_units')
        .select(['order_item_id', 'unit_index'])
        .where('order_item_id', 'in', lineIds)
        .execute();
      for (const row of rows) {
        const set = claimed.get(row.order_item_id) ?? new Set<number>();
        set.add(row.unit_index);
        claimed.set(row.order_item_id, set);
      }
      return claimed;
    },

    /** The unit indices a request holds, by line. */
    async unitsOf(returnId: number): Promise<Map<number, number[]>> {
      const rows = await db
        .selectFrom('return_units')
        .select(['order_item_id', 'unit_index'])
        .where('return_id', '=', returnId)
        .orderBy('order_item_id')
        .orderBy('unit_index')
        .execute();
      const units = new Map<number, number[]>();
      for (const row of rows) units.set(row.order_item_id, [...(units.get(row.order_item_id) ?? []), row.unit_index]);
      return units;
    },

    async claim(returnId: number, units: ReadonlyMap<number, readonly number[]>) {
      const rows = [...units].flatMap(([lineId, indices]) =>
        indices.map((index) => ({ order_item_id: lineId, unit_index: index, return_id: returnId })),
      );
      if (rows.length) await db.insertInto('return_units').values(rows).execute();
    },

    /** A declined or withdrawn request gives its units back. */
    async release(returnId: number) {
      await db.deleteFrom('return_units').where('return_id', '=', returnId).execute();
    },

    async event(returnId: number, status: number, actor: string, note: string, at: number) {
      await db.insertInto('return_events').values({ return_id: returnId, status, actor, note, created_at: at }).execute();
    },

    eventsOf(returnId: number) {
      return db.selectFrom('return_events').selectAll().where('return_id', '=', returnId).orderBy('id').execute();
    },

    /**
     * Moves a request by `action`: legal from its status only, and only if it is still in the status
     * it was read in (of two concurrent moves exactly one wins); the timeline gets the move.
     */
    async move(
      request: { id: number; kind: ReturnKind; status: number },
      action: ReturnAction,
      move: { actor: string; at: number; note?: string; changes?: Updateable<ReturnsTable> },
    ): Promise<number> {
      const to = nextReturnStatus(request.kind, request.status, action);
      if (to === undefined) throw AppError.field('id', illegalReturnMoveMessage(request.kind, request.status, action));
      const updated = await db
        .updateTable('returns')
        .set({ ...move.changes, status: to, updated_at: move.at })
        .where('id', '=', request.id)
        .where('status', '=', request.status)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) {
        const now = await db.selectFrom('returns').select('status').where('id', '=', request.id).executeTakeFirst();
        throw AppError.field('id', illegalReturnMoveMessage(request.kind, now?.status ?? request.status, action));
      }
      if (RELEASED.includes(to as (typeof RELEASED)[number])) await this.release(request.id);
      await this.event(request.id, to, move.actor, move.note ?? '', move.at);
      return to;
    },

    async update(id: number, changes: Updateable<ReturnsTable>) {
      await db.updateTable('returns').set(changes).where('id', '=', id).execute();
    },

    /** The shopper's requests, newest first; `orderId` narrows to one order. */
    async listOf(userId: number, query: { status: number; page: number; pageSize: number; orderId?: number }) {
      let base = db.selectFrom('returns').where('user_id', '=', userId);
      if (query.status) base = base.where('status', '=', query.status);
      if (query.orderId) base = base.where('order_id', '=', query.orderId);
      return pageOf(
        base.selectAll().orderBy('id', 'desc'),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')),
        query.page,
        query.pageSize,
      );
    },

    /** Staff: requests by status (the open ones oldest first, so the queue is worked in order), or a search. */
    async adminList(query: {
      status: number;
      page: number;
      pageSize: number;
      orderIds?: number[];
      userIds?: number[];
      returnNo?: string;
    }) {
      let base = db.selectFrom('returns');
      if (query.status) base = base.where('status', '=', query.status);
      if (query.orderIds || query.userIds || query.returnNo) {
        const orderIds = query.orderIds ?? [];
        const userIds = query.userIds ?? [];
        base = base.where((eb) =>
          eb.or([
            ...(orderIds.length ? [eb('order_id', 'in', orderIds)] : []),
            ...(userIds.length ? [eb('user_id', 'in', userIds)] : []),
            ...(query.returnNo ? [eb('return_no', '=', query.returnNo)] : []),
            sql<SqlBool>`1 = 0`,
          ]),
        );
      }
      const open = [ReturnStatus.Requested, ReturnStatus.ParcelSent, ReturnStatus.Received].includes(query.status as 1 | 3 | 4);
      return pageOf(
        base.selectAll().orderBy('id', open ? 'asc' : 'desc'),
        base.select((eb) => eb.fn.countAll<number | string>().as('n')),
        query.page,
        query.pageSize,
      );
    },

    /** How many requests wait for staff: asked, parcels on their way back, and parcels received but not yet refunded. */
    async waitingCount(): Promise<number> {
      const row = await db
        .selectFrom('returns')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', 'in', [ReturnStatus.Requested, ReturnStatus.ParcelSent, ReturnStatus.Received])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Records units received on a line and how many of them went back into stock. */
    async markReceived(returnId: number, lineId: number, num: number, restocked: number) {
      await db
        .updateTable('return_lines')
        .set({ received_num: num, restocked_num: restocked })
        .where('return_id', '=', returnId)
        .where('order_item_id', '=', lineId)
        .execute();
    },

    /** Requests of the shopper, for the export of their data. */
    ofUser(userId: number) {
      return db.selectFrom('returns').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },
  };
}

export type ReturnRequests = ReturnType<typeof returnRequests>;
