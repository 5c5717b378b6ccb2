import {
  SupportTexts,
  ZQuickReplyAddRequest,
  ZQuickReplyEditRequest,
  ZQuickReplyListQuery,
  ZQuickReplyListResponse,
  ZQuickReplyResponse,
  ZSupportIdRequest,
} from '@shop/contracts/chat-support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { staffActions, staffOf, staffRoutes } from '../route-options';
import { SUPPORT_TAGS, ZDeletedResponse } from './route-parts';
import type { SupportContentService } from './service';

/** The agents' quick replies: their own and the shared ones (shared: administrators only). */
export function quickReplyRoutes(
  app: FastifyInstance,
  { supportContent, guard }: { supportContent: SupportContentService; guard: StaffGuard },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = staffRoutes(SUPPORT_TAGS, guard.may('chat.answer'));
  const action = staffActions(app, SUPPORT_TAGS, guard.may('chat.answer'));

  r.get(
    '/admin/kefu/quickReply/list',
    answer({
      summary: "The caller's quick replies and the shared ones, by sort then id",
      querystring: ZQuickReplyListQuery,
      response: { 200: ZQuickReplyListResponse },
    }),
    async (request) => ok(await supportContent.listQuickReplies(principalOf(request).subjectId, request.query)),
  );

  action(
    '/admin/kefu/quickReply/add',
    {
      summary: 'Add a quick reply (shared: administrators only)',
      body: ZQuickReplyAddRequest,
      response: ZQuickReplyResponse,
      msg: SupportTexts.saved,
    },
    (staff, body) => supportContent.addQuickReply(staff, body),
  );

  action(
    '/admin/kefu/quickReply/edit',
    {
      summary: 'Edit an own quick reply (shared ones: administrators only)',
      body: ZQuickReplyEditRequest,
      response: ZQuickReplyResponse,
      msg: SupportTexts.saved,
    },
    (staff, body) => supportContent.editQuickReply(staff, body),
  );

  r.post(
    '/admin/kefu/quickReply/delete',
    answer({
      summary: 'Delete an own quick reply (shared ones: administrators only)',
      body: ZSupportIdRequest,
      response: { 200: ZDeletedResponse },
    }),
    async (request) => {
      await supportContent.deleteQuickReply(staffOf(request), request.body.id);
      return ok(null, SupportTexts.deleted);
    },
  );
}
