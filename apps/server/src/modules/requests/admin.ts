import type { Readable } from 'node:stream';
import type { THelpRequestAssignee, THelpRequestDetail, THelpRequestList } from '@shop/contracts/help-requests';
import { type HelpRequestKind, type HelpRequestStatus, HelpRequestMessages as M } from '@shop/contracts/help-requests-rules';
import { roleMay, STAFF_ROLES } from '@shop/contracts/permissions';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import type { FileStorage } from '../../infra/storage/file-storage';
import { recordAudit } from '../audit';
import { type RequestFilter, requestsRepo } from './repo';

type Deps = { db: Db; storage: FileStorage; clock?: () => number };

/** The roles that handle requests, from the permission table (decision 0052). */
const HANDLING_ROLES = STAFF_ROLES.filter((role) => roleMay(role, 'requests.handle'));

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof requestsRepo>['find']>>>;

/** What the audit trail keeps of a request: its state, never its contact details. */
const stateOf = (row: Pick<Row, 'status' | 'assignee_id' | 'answer'>) => ({
  status: row.status,
  assignee_id: row.assignee_id,
  answer: row.answer,
});

/**
 * The staff's side of the requests (permission requests.handle, decision 0052): the list with its
 * filters, a request with its files, assigning it, answering it (the answer is e-mailed through
 * `request.answered`) and closing it. Every write records its audit entry in its transaction.
 */
export function createRequestAdmin({ db, storage, clock = Date.now }: Deps) {
  const found = async (trx: Db, id: number) => {
    const row = await requestsRepo(trx).find(id);
    if (!row) throw AppError.notFound(M.notFound);
    return row;
  };
  const stillOpen = (row: Row) => {
    if (row.status === 'closed') throw new AppError('conflict', M.closed);
  };
  /** The change is refused when another staff member changed the request since it was read. */
  const change = async (trx: Db, row: Row, changes: Parameters<ReturnType<typeof requestsRepo>['updateOpen']>[2]) => {
    if (!(await requestsRepo(trx).updateOpen(row.id, row.updated_at, changes))) {
      throw new AppError('conflict', 'This request was changed meanwhile: open it again to see its latest state');
    }
  };

  return {
    /** GET /admin/requests: newest first; `assignee` 'me' is the staff member asking. */
    async list(
      staffId: number,
      query: {
        kind?: HelpRequestKind;
        status?: HelpRequestStatus;
        assignee?: 'me' | 'none' | number;
        page: number;
        page_size: number;
      },
    ): Promise<THelpRequestList> {
      const filter: RequestFilter = {
        kind: query.kind,
        status: query.status,
        assignee: query.assignee === 'me' ? staffId : query.assignee === 'none' ? null : query.assignee,
      };
      const repo = requestsRepo(db);
      const [rows, total] = await Promise.all([
        repo.page((query.page - 1) * query.page_size, query.page_size, filter),
        repo.count(filter),
      ]);
      return {
        data: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          status: row.status,
          name: row.name,
          email: row.email,
          company: row.company,
          user_id: row.user_id,
          assignee_id: row.assignee_id,
          assignee_name: row.assignee_name ?? null,
          files: Number(row.files ?? 0),
          created_at: Number(row.created_at),
          updated_at: Number(row.updated_at),
        })),
        total,
      };
    },

    /** GET /admin/requests/assignees: the active staff members whose role handles requests. */
    async assignees(): Promise<THelpRequestAssignee[]> {
      return db
        .selectFrom('staff')
        .select(['id', 'nickname', 'role'])
        .where('active', '=', 1)
        .where('role', 'in', HANDLING_ROLES)
        .orderBy('nickname')
        .orderBy('id')
        .execute();
    },

    /** GET /admin/requests/:id */
    async detail(id: number): Promise<THelpRequestDetail> {
      const row = await found(db, id);
      const files = await requestsRepo(db).files(id);
      return {
        id: row.id,
        kind: row.kind,
        status: row.status,
        name: row.name,
        email: row.email,
        phone: row.phone,
        company: row.company,
        description: row.description,
        user_id: row.user_id,
        assignee_id: row.assignee_id,
        assignee_name: row.assignee_name ?? null,
        answer: row.answer,
        answered_at: row.answered_at === null ? null : Number(row.answered_at),
        answered_by: row.answered_by_name ?? null,
        closed_at: row.closed_at === null ? null : Number(row.closed_at),
        files: files.length,
        file_list: files.map((file) => ({ id: file.id, name: file.name, mime: file.mime, size: file.size })),
        created_at: Number(row.created_at),
        updated_at: Number(row.updated_at),
      };
    },

    /** GET /admin/requests/:id/files/:file_id: the file's bytes, or a 404. */
    async file(id: number, fileId: number): Promise<{ name: string; mime: string; size: number; content: Readable }> {
      const file = await requestsRepo(db).file(id, fileId);
      const content = file ? await storage.open(file.storage_key) : null;
      if (!file || !content) throw AppError.notFound(M.fileNotFound);
      return { name: file.name, mime: file.mime, size: file.size, content };
    },

    /** POST /admin/requests/assign: to a staff member who handles requests, or to nobody (null). */
    async assign(staffId: number, input: { id: number; staff_id: number | null }): Promise<THelpRequestDetail> {
      await inTransaction(db, async (trx) => {
        const row = await found(trx, input.id);
        stillOpen(row);
        if (input.staff_id !== null) {
          const holder = await trx
            .selectFrom('staff')
            .select('id')
            .where('id', '=', input.staff_id)
            .where('active', '=', 1)
            .where('role', 'in', HANDLING_ROLES)
            .executeTakeFirst();
          if (!holder) throw AppError.field('staff_id', M.assigneeInvalid);
        }
        const at = clock();
        await change(trx, row, { assignee_id: input.staff_id, updated_at: at });
        await recordAudit(trx, {
          staffId,
          action: 'help_request.assign',
          object: { type: 'help_request', id: row.id },
          before: stateOf(row),
          after: stateOf({ ...row, assignee_id: input.staff_id }),
          at,
        });
      });
      return this.detail(input.id);
    },

    /** POST /admin/requests/answer: the answer is kept and mailed to the requester; the request is answered. */
    async answer(staffId: number, input: { id: number; answer: string }): Promise<THelpRequestDetail> {
      await inTransaction(db, async (trx) => {
        const row = await found(trx, input.id);
        stillOpen(row);
        const at = clock();
        await change(trx, row, {
          answer: input.answer,
          answered_by: staffId,
          answered_at: at,
          status: 'answered',
          // whoever answers holds the request from then on, unless someone already does
          assignee_id: row.assignee_id ?? staffId,
          updated_at: at,
        });
        await recordAudit(trx, {
          staffId,
          action: 'help_request.answer',
          object: { type: 'help_request', id: row.id },
          before: stateOf(row),
          after: stateOf({ status: 'answered', assignee_id: row.assignee_id ?? staffId, answer: input.answer }),
          at,
        });
        await emit(
          trx,
          'request.answered',
          { request_id: row.id, kind: row.kind, email: row.email, name: row.name, answer: input.answer },
          at,
        );
      });
      return this.detail(input.id);
    },

    /** POST /admin/requests/close: nothing more to do; a closed request takes no more changes. */
    async close(staffId: number, input: { id: number; reason: string }): Promise<THelpRequestDetail> {
      await inTransaction(db, async (trx) => {
        const row = await found(trx, input.id);
        if (row.status === 'closed') throw new AppError('conflict', M.alreadyClosed);
        const at = clock();
        await change(trx, row, { status: 'closed', closed_at: at, updated_at: at });
        await recordAudit(trx, {
          staffId,
          action: 'help_request.close',
          object: { type: 'help_request', id: row.id },
          before: stateOf(row),
          after: stateOf({ ...row, status: 'closed' }),
          reason: input.reason || null,
          at,
        });
      });
      return this.detail(input.id);
    },
  };
}

export type RequestAdmin = ReturnType<typeof createRequestAdmin>;
