import { ZChatSettingsRequest, ZChatSettingsResponse } from '@shop/contracts/chat-settings';
import {
  SupportTexts,
  ZCsrListQuery,
  ZCsrListResponse,
  ZKbAddRequest,
  ZKbEditRequest,
  ZKbEntryResponse,
  ZKbListQuery,
  ZKbListResponse,
  ZQuickReplyAddRequest,
  ZQuickReplyEditRequest,
  ZQuickReplyListQuery,
  ZQuickReplyListResponse,
  ZQuickReplyResponse,
  ZSupportIdRequest,
} from '@shop/contracts/chat-support';
import { envelope } from '@shop/contracts/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { principalOf, type StaffGuard, staffRoleOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { chatSettings, saveChatSettings } from '../config';
import type { SupportContentService } from './service';

type Deps = {
  supportContent: SupportContentService;
  guard: StaffGuard;
  db: Db;
  clock: () => number;
  /** the chat settings changed: a higher default cap may move the queue (decision 0056) */
  chatSettingsSaved?: () => Promise<unknown>;
};

const ZDeletedResponse = envelope(z.null());

const actorOf = (request: FastifyRequest) => ({ id: principalOf(request).subjectId, role: staffRoleOf(request) });

/**
 * The agents' quick replies and the knowledge base (issue "chat service", item 5), and the list of
 * agents a conversation can be transferred to: staff only.
 */
export function supportContentRoutes(app: FastifyInstance, { supportContent, guard, db, clock, chatSettingsSaved }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat support'];

  r.get(
    '/admin/kefu/quickReply/list',
    {
      schema: {
        tags,
        summary: "The caller's quick replies and the shared ones, by sort then id",
        querystring: ZQuickReplyListQuery,
        response: { 200: ZQuickReplyListResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await supportContent.listQuickReplies(principalOf(request).subjectId, request.query)),
  );

  r.post(
    '/admin/kefu/quickReply/add',
    {
      schema: {
        tags,
        summary: 'Add a quick reply (shared: administrators only)',
        body: ZQuickReplyAddRequest,
        response: { 200: ZQuickReplyResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await supportContent.addQuickReply(actorOf(request), request.body), SupportTexts.saved),
  );

  r.post(
    '/admin/kefu/quickReply/edit',
    {
      schema: {
        tags,
        summary: 'Edit an own quick reply (shared ones: administrators only)',
        body: ZQuickReplyEditRequest,
        response: { 200: ZQuickReplyResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await supportContent.editQuickReply(actorOf(request), request.body), SupportTexts.saved),
  );

  r.post(
    '/admin/kefu/quickReply/delete',
    {
      schema: {
        tags,
        summary: 'Delete an own quick reply (shared ones: administrators only)',
        body: ZSupportIdRequest,
        response: { 200: ZDeletedResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => {
      await supportContent.deleteQuickReply(actorOf(request), request.body.id);
      return ok(null, SupportTexts.deleted);
    },
  );

  r.get(
    '/admin/kefu/csr/list',
    {
      schema: {
        tags,
        summary: 'The agents with the status and presence the chat shows, connected ones first, then by nickname',
        querystring: ZCsrListQuery,
        response: { 200: ZCsrListResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await supportContent.listAgents(request.query)),
  );

  r.get(
    '/admin/kefu/kbs/list',
    {
      schema: {
        tags,
        summary: 'Knowledge-base entries, newest first; keyword searches questions and answers',
        querystring: ZKbListQuery,
        response: { 200: ZKbListResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await supportContent.listKnowledge(request.query)),
  );

  r.post(
    '/admin/kefu/kbs/add',
    {
      schema: {
        tags,
        summary: 'Add a knowledge-base entry (administrators)',
        body: ZKbAddRequest,
        response: { 200: ZKbEntryResponse },
      },
      onRequest: guard.may('chat.configure', SupportTexts.onlyAdminsEditKb),
    },
    async (request) => ok(await supportContent.addKnowledge(principalOf(request).subjectId, request.body), SupportTexts.saved),
  );

  r.post(
    '/admin/kefu/kbs/edit',
    {
      schema: {
        tags,
        summary: 'Edit a knowledge-base entry (administrators)',
        body: ZKbEditRequest,
        response: { 200: ZKbEntryResponse },
      },
      onRequest: guard.may('chat.configure', SupportTexts.onlyAdminsEditKb),
    },
    async (request) => ok(await supportContent.editKnowledge(principalOf(request).subjectId, request.body), SupportTexts.saved),
  );

  r.post(
    '/admin/kefu/kbs/delete',
    {
      schema: {
        tags,
        summary: 'Delete a knowledge-base entry (administrators)',
        body: ZSupportIdRequest,
        response: { 200: ZDeletedResponse },
      },
      onRequest: guard.may('chat.configure', SupportTexts.onlyAdminsEditKb),
    },
    async (request) => {
      await supportContent.deleteKnowledge(principalOf(request).subjectId, request.body.id);
      return ok(null, SupportTexts.deleted);
    },
  );

  r.get(
    '/admin/kefu/config',
    {
      schema: {
        tags,
        summary: "The chat's settings a shop owner changes: notice, welcome, where it opens, invitations, attachments, alerts",
        response: { 200: ZChatSettingsResponse },
      },
      onRequest: guard.may('chat.configure'),
    },
    async () => ok(await chatSettings(db)),
  );

  r.post(
    '/admin/kefu/config',
    {
      schema: {
        tags,
        summary: 'Change any of the chat settings; it holds at once on every instance (chat.configure)',
        body: ZChatSettingsRequest,
        response: { 200: ZChatSettingsResponse },
      },
      onRequest: guard.may('chat.configure'),
    },
    async (request) => {
      const saved = await saveChatSettings(db, principalOf(request).subjectId, request.body, clock());
      await chatSettingsSaved?.();
      return ok(saved, SupportTexts.saved);
    },
  );
}
