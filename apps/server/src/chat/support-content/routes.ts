import { ZChatSettingsRequest, ZChatSettingsResponse } from '@shop/contracts/chat-settings';
import { SupportTexts, ZCsrListQuery, ZCsrListResponse } from '@shop/contracts/chat-support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { chatSettings, saveChatSettings } from '../config';
import { staffRoutes } from '../route-options';
import { knowledgeRoutes } from './knowledge-routes';
import { quickReplyRoutes } from './quick-reply-routes';
import { SUPPORT_TAGS } from './route-parts';
import type { SupportContentService } from './service';

type Deps = {
  supportContent: SupportContentService;
  guard: StaffGuard;
  db: Db;
  clock: () => number;
  /** the chat settings changed: a higher default cap may move the queue (decision 0056) */
  chatSettingsSaved?: () => Promise<unknown>;
};

/**
 * The agents' quick replies (quick-reply-routes.ts) and the knowledge base (knowledge-routes.ts)
 * (issue "chat service", item 5), the list of agents a conversation can be transferred to, and the
 * chat settings: staff only.
 */
export function supportContentRoutes(app: FastifyInstance, { supportContent, guard, db, clock, chatSettingsSaved }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = staffRoutes(SUPPORT_TAGS, guard.may('chat.answer'));
  const configure = staffRoutes(SUPPORT_TAGS, guard.may('chat.configure'));

  quickReplyRoutes(app, { supportContent, guard });

  r.get(
    '/admin/kefu/csr/list',
    answer({
      summary: 'The agents with the status and presence the chat shows, connected ones first, then by nickname',
      querystring: ZCsrListQuery,
      response: { 200: ZCsrListResponse },
    }),
    async (request) => ok(await supportContent.listAgents(request.query)),
  );

  knowledgeRoutes(app, { supportContent, guard });

  r.get(
    '/admin/kefu/config',
    configure({
      summary: "The chat's settings a shop owner changes: notice, welcome, where it opens, invitations, attachments, alerts",
      response: { 200: ZChatSettingsResponse },
    }),
    async () => ok(await chatSettings(db)),
  );

  r.post(
    '/admin/kefu/config',
    configure({
      summary: 'Change any of the chat settings; it holds at once on every instance (chat.configure)',
      body: ZChatSettingsRequest,
      response: { 200: ZChatSettingsResponse },
    }),
    async (request) => {
      const saved = await saveChatSettings(db, principalOf(request).subjectId, request.body, clock());
      await chatSettingsSaved?.();
      return ok(saved, SupportTexts.saved);
    },
  );
}
