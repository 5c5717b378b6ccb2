import {
  HelpRequestMessages as M,
  HelpRequestPaths as P,
  ZHelpRequestAnswerRequest,
  ZHelpRequestAssigneesResponse,
  ZHelpRequestAssignRequest,
  ZHelpRequestCloseRequest,
  ZHelpRequestDetailResponse,
  ZHelpRequestFileParams,
  ZHelpRequestListQuery,
  ZHelpRequestListResponse,
  ZHelpRequestParams,
} from '@shop/contracts/help-requests';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { guarded } from '../../http/route-options';
import type { RequestAdmin } from './admin';

const FILE_CSP = "default-src 'none'; sandbox";
const keepFileCsp = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  reply.header('content-security-policy', FILE_CSP);
  return payload;
};

/** A request's file as a download under its own name (RFC 6266: an ASCII fallback and the UTF-8 name). */
function sendDownload(reply: FastifyReply, file: { name: string; size: number; content: unknown }) {
  const encoded = encodeURIComponent(file.name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const fallback = file.name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return reply.send(file.content);
}

/** The staff's /admin/requests (requests.handle, every write audited; decision 0052). */
export function requestStaffRoutes(app: FastifyInstance, admin: RequestAdmin, guard: StaffGuard) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const handle = guarded(['requests', 'staff'], guard.may('requests.handle'), { documentToken: false });
  r.get(
    P.staffList,
    handle({
      summary: 'Requests from the help pages, newest first, by kind, status and assignee (requests.handle)',
      querystring: ZHelpRequestListQuery,
      response: { 200: ZHelpRequestListResponse },
    }),
    async (request) => ok(await admin.list(principalOf(request).subjectId, request.query)),
  );

  r.get(
    P.staffAssignees,
    handle({
      summary: 'The staff members a request may be assigned to (requests.handle)',
      response: { 200: ZHelpRequestAssigneesResponse },
    }),
    async () => ok(await admin.assignees()),
  );

  r.get(
    '/admin/requests/:id',
    handle({
      summary: 'A request with its contact details, description, answer and files (requests.handle)',
      params: ZHelpRequestParams,
      response: { 200: ZHelpRequestDetailResponse },
    }),
    async (request) => ok(await admin.detail(request.params.id)),
  );

  r.get(
    '/admin/requests/:id/files/:file_id',
    {
      ...handle({ summary: "A request's file, always as a download (requests.handle)", params: ZHelpRequestFileParams }),
      exposeHeadRoute: false,
      onSend: keepFileCsp,
    },
    async (request, reply) => sendDownload(reply, await admin.file(request.params.id, request.params.file_id)),
  );

  r.post(
    P.staffAssign,
    handle({
      summary: 'Assign a request to a staff member, or to nobody with staff_id null (requests.handle, audited)',
      body: ZHelpRequestAssignRequest,
      response: { 200: ZHelpRequestDetailResponse },
    }),
    async (request) =>
      ok(
        await admin.assign(principalOf(request).subjectId, request.body),
        request.body.staff_id === null ? M.unassigned : M.assigned,
      ),
  );

  r.post(
    P.staffAnswer,
    handle({
      summary: 'Answer a request: the answer is e-mailed to the requester (requests.handle, audited)',
      body: ZHelpRequestAnswerRequest,
      response: { 200: ZHelpRequestDetailResponse },
    }),
    async (request) => ok(await admin.answer(principalOf(request).subjectId, request.body), M.answered),
  );

  r.post(
    P.staffClose,
    handle({
      summary: 'Close a request (requests.handle, audited)',
      body: ZHelpRequestCloseRequest,
      response: { 200: ZHelpRequestDetailResponse },
    }),
    async (request) => ok(await admin.close(principalOf(request).subjectId, request.body), M.closedNow),
  );
}
