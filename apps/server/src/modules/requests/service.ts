import { EmailCodeMessages, type TEmailCodeSent } from '@shop/contracts/email-codes';
import type {
  TCompanyRequestFields,
  TCustomRequestFields,
  ZCompanyRequestFields,
  ZCustomRequestFields,
} from '@shop/contracts/help-requests';
import type { HelpRequestKind } from '@shop/contracts/help-requests-rules';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { emit } from '../../infra/events';
import type { FileStorage } from '../../infra/storage/file-storage';
import { removeFiles } from '../../infra/storage/uploads';
import { type EmailCodeService, sentOrWait } from '../verification';
import type { ReceivedFile } from './files';
import { requestsRepo } from './repo';

export type { TCompanyRequestFields, TCustomRequestFields };

type CustomInput = z.output<typeof ZCustomRequestFields>;
type CompanyInput = z.output<typeof ZCompanyRequestFields>;

type Deps = { db: Db; codes: EmailCodeService; storage: FileStorage; clock?: () => number };

/**
 * Requests from the help pages (decision 0052): a guest or a shopper sends a custom, tailor-made or
 * wholesale request with its files; a wholesale request carries the code e-mailed to the company
 * address, which proves the address is the buyer's. Each request received writes
 * `request.received`, whose mail acknowledges it.
 */
export function createRequestService({ db, codes, storage, clock = Date.now }: Deps) {
  async function record(
    trx: Db,
    input: { kind: HelpRequestKind; name: string; email: string; phone: string; company: string; description: string },
    files: ReceivedFile[],
    userId: number | null,
  ): Promise<number> {
    const at = clock();
    const repo = requestsRepo(trx);
    const id = await repo.insert({ ...input, status: 'open', user_id: userId, created_at: at, updated_at: at });
    await repo.insertFiles(
      files.map((file) => ({
        request_id: id,
        storage_key: file.key,
        name: file.name,
        mime: file.mime,
        size: file.size,
        created_at: at,
      })),
    );
    await emit(trx, 'request.received', { request_id: id, kind: input.kind, email: input.email, name: input.name }, at);
    return id;
  }

  /** Runs `work`; the stored files go when it fails, so a refused request leaves nothing behind. */
  async function keepingFilesOnlyIf<T>(files: ReceivedFile[], work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await removeFiles(storage, files);
      throw error;
    }
  }

  return {
    /** POST /api/custom/upload: a custom or tailor-made request. */
    submitCustom(input: CustomInput, files: ReceivedFile[], userId: number | null): Promise<{ id: number }> {
      return keepingFilesOnlyIf(files, async () => {
        const id = await inTransaction(db, (trx) =>
          record(
            trx,
            {
              kind: input.kind,
              name: input.name,
              email: input.email,
              phone: input.phone,
              company: '',
              description: input.description,
            },
            files,
            userId,
          ),
        );
        return { id };
      });
    },

    /** POST /api/company/code: e-mails a code confirming the company address (one live code per address). */
    async sendCompanyCode(email: string): Promise<TEmailCodeSent> {
      const at = codes.now();
      // The code proves the address, not an account: it is bound to none, for a guest and a shopper alike.
      return sentOrWait(await inTransaction(db, (trx) => codes.issue(trx, { email, purpose: 'company', userId: null })), at);
    },

    /**
     * POST /api/company/upload: a wholesale request with the code sent to its address. A wrong code
     * is counted (its transaction commits) and refused; the request and the code's use commit together.
     */
    submitCompany(input: CompanyInput, files: ReceivedFile[], userId: number | null): Promise<{ id: number }> {
      return keepingFilesOnlyIf(files, async () => {
        const outcome = await inTransaction(db, async (trx) => {
          const check = await codes.check(trx, { email: input.email, purpose: 'company', code: input.code, userId: null });
          if (check !== 'ok') return { check };
          const id = await record(
            trx,
            {
              kind: 'wholesale',
              name: input.name,
              email: input.email,
              phone: input.phone,
              company: input.company,
              description: input.description,
            },
            files,
            userId,
          );
          return { check, id };
        });
        if (outcome.check !== 'ok' || outcome.id === undefined) {
          throw AppError.field('code', outcome.check === 'wrong' ? EmailCodeMessages.invalid : EmailCodeMessages.expired);
        }
        return { id: outcome.id };
      });
    },
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
