import {
  SupportTexts,
  ZKbAddRequest,
  ZKbEditRequest,
  ZKbEntryResponse,
  ZKbListQuery,
  ZKbListResponse,
  ZSupportIdRequest,
} from '@shop/contracts/chat-support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { staffRoutes } from '../route-options';
import { SUPPORT_TAGS, ZDeletedResponse } from './route-parts';
import type { SupportContentService } from './service';

/** The knowledge base: agents read it, administrators (chat.configure) write it. */
export function knowledgeRoutes(
  app: FastifyInstance,
  { supportContent, guard }: { supportContent: SupportContentService; guard: StaffGuard },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = staffRoutes(SUPPORT_TAGS, guard.may('chat.answer'));
  const edit = staffRoutes(SUPPORT_TAGS, guard.may('chat.configure', SupportTexts.onlyAdminsEditKb));

  r.get(
    '/admin/kefu/kbs/list',
    answer({
      summary: 'Knowledge-base entries, newest first; keyword searches questions and answers',
      querystring: ZKbListQuery,
      response: { 200: ZKbListResponse },
    }),
    async (request) => ok(await supportContent.listKnowledge(request.query)),
  );

  r.post(
    '/admin/kefu/kbs/add',
    edit({ summary: 'Add a knowledge-base entry (administrators)', body: ZKbAddRequest, response: { 200: ZKbEntryResponse } }),
    async (request) => ok(await supportContent.addKnowledge(principalOf(request).subjectId, request.body), SupportTexts.saved),
  );

  r.post(
    '/admin/kefu/kbs/edit',
    edit({ summary: 'Edit a knowledge-base entry (administrators)', body: ZKbEditRequest, response: { 200: ZKbEntryResponse } }),
    async (request) => ok(await supportContent.editKnowledge(principalOf(request).subjectId, request.body), SupportTexts.saved),
  );

  r.post(
    '/admin/kefu/kbs/delete',
    edit({
      summary: 'Delete a knowledge-base entry (administrators)',
      body: ZSupportIdRequest,
      response: { 200: ZDeletedResponse },
    }),
    async (request) => {
      await supportContent.deleteKnowledge(principalOf(request).subjectId, request.body.id);
      return ok(null, SupportTexts.deleted);
    },
  );
}
