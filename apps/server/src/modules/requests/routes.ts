import { ZEmailCodeSentResponse } from '@shop/contracts/email-codes';
import {
  HelpRequestMessages as M,
  HelpRequestPaths as P,
  ZCompanyCodeRequest,
  ZCompanyRequestFields,
  ZCustomRequestFields,
  ZHelpRequestAnswerRequest,
  ZHelpRequestAssigneesResponse,
  ZHelpRequestAssignRequest,
  ZHelpRequestCloseRequest,
  ZHelpRequestDetailResponse,
  ZHelpRequestFileParams,
  ZHelpRequestListQuery,
  ZHelpRequestListResponse,
  ZHelpRequestParams,
  ZHelpRequestSentResponse,
} from '@shop/contracts/help-requests';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { FileStorage } from '../../chat/uploads/storage';
import { optionalSubject, principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import type { EmailCodeLimits, HelpRequestLimits } from '../../http/rate-limits';
import type { AuthService } from '../auth/service';
import type { RequestAdmin } from './admin';
import { type ReceivedFile, readRequestForm, removeFiles } from './files';
import type { RequestService } from './service';

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

const FILE_CSP = "default-src 'none'; sandbox";
const keepFileCsp = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  reply.header('content-security-policy', FILE_CSP);
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

  r.post(
    P.custom,
    {
      schema: {
        tags: ['requests'],
        summary:
          'A custom or tailor-made request (multipart: kind, name, email, phone, description; up to 5 pictures or PDFs in "files")',
        consumes: ['multipart/form-data'],
        response: { 200: ZHelpRequestSentResponse },
      },
      onRequest: [optionalSubject(auth, 'user'), limited],
      onSend: closeIfBodyUnread,
    },
    async (request) => {
      const form = await readRequestForm(request, storage, deps.maxFileBytes);
      const input = await checked(ZCustomRequestFields, form, storage);
      return ok(await requests.submitCustom(input, form.files, userOf(request)), M.sent);
    },
  );

  r.post(
    P.company,
    {
      schema: {
        tags: ['requests'],
        summary:
          'A wholesale request with the code sent to the company address (multipart: name, email, phone, company, description, code; files in "files")',
        consumes: ['multipart/form-data'],
        response: { 200: ZHelpRequestSentResponse },
      },
      onRequest: [optionalSubject(auth, 'user'), limited],
      onSend: closeIfBodyUnread,
    },
    async (request) => {
      const form = await readRequestForm(request, storage, deps.maxFileBytes);
      const input = await checked(ZCompanyRequestFields, form, storage);
      return ok(await requests.submitCompany(input, form.files, userOf(request)), M.sent);
    },
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

  // ------------------------------------------------------------ staff (requests.handle; every write audited)

  r.get(
    P.staffList,
    {
      schema: {
        tags: ['requests', 'staff'],
        summary: 'Requests from the help pages, newest first, by kind, status and assignee (requests.handle)',
        querystring: ZHelpRequestListQuery,
        response: { 200: ZHelpRequestListResponse },
      },
      onRequest: guard.may('requests.handle'),
    },
    async (request) => ok(await admin.list(principalOf(request).subjectId, request.query)),
  );

  r.get(
    P.staffAssignees,
    {
      schema: {
        tags: ['requests', 'staff'],
        summary: 'The staff members a request may be assigned to (requests.handle)',
        response: { 200: ZHelpRequestAssigneesResponse },
      },
      onRequest: guard.may('requests.handle'),
    },
    async () => ok(await admin.assignees()),
  );

  r.get(
    '/admin/requests/:id',
    {
      schema: {
        tags: ['requests', 'staff'],
        summary: 'A request with its contact details, description, answer and files (requests.handle)',
        params: ZHelpRequestParams,
        response: { 200: ZHelpRequestDetailResponse },
      },
      onRequest: guard.may('requests.handle'),
    },
    async (request) => ok(await admin.detail(request.params.id)),
  );

  r.get(
    '/admin/requests/:id/files/:file_id',
    {
      schema: {
        tags: ['requests', 'staff'],
        summary: "A request's file, always as a download (requests.handle)",
        params: ZHelpRequestFileParams,
      },
      exposeHeadRoute: false,
      onRequest: guard.may('requests.handle'),
      onSend: keepFileCsp,
    },
    async (request, reply) => {
      const file = await admin.file(request.params.id, request.params.file_id);
      const encoded = encodeURIComponent(file.name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
      const fallback = file.name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
      reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`)
        .header('content-length', String(file.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(file.content);
    },
  );

  r.post(
    P.staffAssign,
    {
      schema: {
        tags: ['requests', 'staff'],
        summary: 'Assign a request to a staff member, or to nobody with staff_id null (requests.handle, audited)',
        body: ZHelpRequestAssignRequest,
        response: { 200: ZHelpRequestDetailResponse },
      },
      onRequest: guard.may('requests.handle'),
    },
    async (request) =>
      ok(
        await admin.assign(principalOf(request).subjectId, request.body),
        request.body.staff_id === null ? M.unassigned : M.assigned,
      ),
  );

  r.post(
    P.staffAnswer,
    {
      schema: {
        tags: ['requests', 'staff'],
        summary: 'Answer a request: the answer is e-mailed to the requester (requests.handle, audited)',
        body: ZHelpRequestAnswerRequest,
        response: { 200: ZHelpRequestDetailResponse },
      },
      onRequest: guard.may('requests.handle'),
    },
    async (request) => ok(await admin.answer(principalOf(request).subjectId, request.body), M.answered),
  );

  r.post(
    P.staffClose,
    {
      schema: {
        tags: ['requests', 'staff'],
        summary: 'Close a request (requests.handle, audited)',
        body: ZHelpRequestCloseRequest,
        response: { 200: ZHelpRequestDetailResponse },
      },
      onRequest: guard.may('requests.handle'),
    },
    async (request) => ok(await admin.close(principalOf(request).subjectId, request.body), M.closedNow),
  );
}
