import { ZEmailCodeSentResponse } from '@shop/contracts/email-codes';
import {
  HelpRequestMessages as M,
  HelpRequestPaths as P,
  ZCompanyCodeRequest,
  ZCompanyRequestFields,
  ZCustomRequestFields,
  ZHelpRequestSentResponse,
} from '@shop/contracts/help-requests';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { optionalSubject, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import type { EmailCodeLimits, HelpRequestLimits } from '../../http/rate-limits';
import type { FileStorage } from '../../infra/storage/file-storage';
import { removeFiles } from '../../infra/storage/uploads';
import type { AuthService } from '../auth';
import type { RequestAdmin } from './admin';
import { type ReceivedFile, readRequestForm } from './files';
import type { RequestService } from './service';
import { requestStaffRoutes } from './staff-routes';

type Deps = {
  requests: RequestService;
  admin: RequestAdmin;
  storage: FileStorage;
  auth: AuthService;
  guard: StaffGuard;
  limits: HelpRequestLimits;
  codeLimits: EmailCodeLimits;
  /** the largest file accepted; tests give a smaller one */
  maxFileBytes?: number;
};

/** The form's text fields checked by `schema`: a 400 naming each field that is wrong, the files removed. */
async function checked<S extends z.ZodType>(
  schema: S,
  form: { fields: Record<string, string>; files: ReceivedFile[] },
  storage: FileStorage,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(form.fields);
  if (parsed.success) return parsed.data;
  await removeFiles(storage, form.files);
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'form');
    fields[name] ??= issue.message;
  }
  const first = parsed.error.issues[0]?.message ?? M.unreadable;
  throw new AppError('bad_request', first, fields);
}

/**
 * A request refused part-way (too large, not allowed) leaves the rest of its body unread: closing
 * the connection after the answer ends the upload at once.
 */
const closeIfBodyUnread = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  if (!request.raw.readableEnded) reply.header('connection', 'close');
  return payload;
};

/**
 * spec 7 "Uploads, feedback": POST /api/custom/upload, /api/company/upload (multipart: the form's
 * fields and its files in `files`) and /api/company/code; the staff's /admin/requests
 * (requests.handle, every write audited; decision 0052).
 */
export function requestRoutes(app: FastifyInstance, deps: Deps) {
  const { requests, admin, storage, auth, guard, limits, codeLimits } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const userOf = (request: FastifyRequest) => request.principal?.subjectId ?? null;
  // who sends it and whether they may is settled before a byte of the body is read
  const limited = async (request: FastifyRequest) => limits.perSender(request, userOf(request));

  /** A multipart form: its sender settled first, then its files stored and its fields checked. */
  const formRoute = <S extends z.ZodType>(
    path: string,
    summary: string,
    fields: S,
    submit: (input: z.output<S>, files: ReceivedFile[], userId: number | null) => Promise<{ id: number }>,
  ) =>
    r.post(
      path,
      {
        schema: { tags: ['requests'], summary, consumes: ['multipart/form-data'], response: { 200: ZHelpRequestSentResponse } },
        onRequest: [optionalSubject(auth, 'user'), limited],
        onSend: closeIfBodyUnread,
      },
      async (request) => {
        const form = await readRequestForm(request, storage, deps.maxFileBytes);
        const input = await checked(fields, form, storage);
        return ok(await submit(input, form.files, userOf(request)), M.sent);
      },
    );

  formRoute(
    P.custom,
    'A custom or tailor-made request (multipart: kind, name, email, phone, description; up to 5 pictures or PDFs in "files")',
    ZCustomRequestFields,
    (input, files, userId) => requests.submitCustom(input, files, userId),
  );
  formRoute(
    P.company,
    'A wholesale request with the code sent to the company address (multipart: name, email, phone, company, description, code; files in "files")',
    ZCompanyRequestFields,
    (input, files, userId) => requests.submitCompany(input, files, userId),
  );

  r.post(
    P.companyCode,
    {
      schema: {
        tags: ['requests'],
        summary: 'E-mail a code confirming the company address of a wholesale request',
        body: ZCompanyCodeRequest,
        response: { 200: ZEmailCodeSentResponse },
      },
      onRequest: codeLimits.perIp,
    },
    async (request) => {
      await codeLimits.perAddress(request.body.email);
      return ok(await requests.sendCompanyCode(request.body.email), M.codeSent);
    },
  );
  requestStaffRoutes(app, admin, guard);
}
