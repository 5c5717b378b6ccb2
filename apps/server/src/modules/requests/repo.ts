import type { HelpRequestKind, HelpRequestStatus } from '@shop/contracts/help-requests-rules';
import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, HelpRequestFilesTable, HelpRequestsTable } from '../../db/schema';

/** What narrows the staff's list: `assignee` null is the requests nobody holds. */
export type RequestFilter = { kind?: HelpRequestKind; status?: HelpRequestStatus; assignee?: number | null };

const matches =
  ({ kind, status, assignee }: RequestFilter) =>
  (eb: ExpressionBuilder<Database, 'help_requests'>) => {
    const conditions = [];
    if (kind) conditions.push(eb('help_requests.kind', '=', kind));
    if (status) conditions.push(eb('help_requests.status', '=', status));
    if (assignee === null) conditions.push(eb('help_requests.assignee_id', 'is', null));
    else if (assignee !== undefined) conditions.push(eb('help_requests.assignee_id', '=', assignee));
    return eb.and(conditions);
  };

/** The requests' SQL. */
export function requestsRepo(db: Db) {
  return {
    async insert(row: Insertable<HelpRequestsTable>): Promise<number> {
      const inserted = await db.insertInto('help_requests').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    async insertFiles(rows: Insertable<HelpRequestFilesTable>[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('help_request_files').values(rows).execute();
    },

    page(offset: number, limit: number, filter: RequestFilter) {
      return db
        .selectFrom('help_requests')
        .leftJoin('staff', 'staff.id', 'help_requests.assignee_id')
        .selectAll('help_requests')
        .select('staff.nickname as assignee_name')
        .select((eb) =>
          eb
            .selectFrom('help_request_files')
            .select((inner) => inner.fn.countAll<number | string>().as('files'))
            .whereRef('help_request_files.request_id', '=', 'help_requests.id')
            .as('files'),
        )
        .where(matches(filter))
        .orderBy('help_requests.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(filter: RequestFilter) {
      const row = await db
        .selectFrom('help_requests')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where(matches(filter))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** One request with the names of who holds it and who answered it. */
    find(id: number) {
      return db
        .selectFrom('help_requests')
        .leftJoin('staff as holder', 'holder.id', 'help_requests.assignee_id')
        .leftJoin('staff as answerer', 'answerer.id', 'help_requests.answered_by')
        .selectAll('help_requests')
        .select(['holder.nickname as assignee_name', 'answerer.nickname as answered_by_name'])
        .where('help_requests.id', '=', id)
        .executeTakeFirst();
    },

    files(requestId: number) {
      return db
        .selectFrom('help_request_files')
        .select(['id', 'name', 'mime', 'size', 'storage_key'])
        .where('request_id', '=', requestId)
        .orderBy('id')
        .execute();
    },

    file(requestId: number, fileId: number) {
      return db
        .selectFrom('help_request_files')
        .select(['id', 'name', 'mime', 'size', 'storage_key'])
        .where('request_id', '=', requestId)
        .where('id', '=', fileId)
        .executeTakeFirst();
    },

    /**
     * Changes a request that is not closed and was last changed at `seen` (what the caller read), so
     * of two staff members changing it at once the second is told; false when nothing changed.
     */
    async updateOpen(id: number, seen: number, changes: Updateable<HelpRequestsTable>): Promise<boolean> {
      const result = await db
        .updateTable('help_requests')
        .set(changes)
        .where('id', '=', id)
        .where('status', '!=', 'closed')
        .where('updated_at', '=', seen)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
