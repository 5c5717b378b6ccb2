import {
  ChatOfflineTexts,
  ZChatAvailabilityResponse,
  ZChatEmailRequest,
  ZChatEmailResponse,
  ZChatHours,
  ZChatHoursResponse,
  ZChatReopenRequest,
  ZChatReopenResponse,
  ZChatReportQuery,
  ZChatReportResponse,
} from '@shop/contracts/chat-offline';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/database';
import { principalOf, type StaffGuard } from '../http/auth';
import { ok } from '../http/envelope';
import { AppError } from '../http/errors';
import { type ChatOffline, loadChatHours, saveChatHours } from './offline';
import { chatReport } from './reports';
import type { ChatUploader } from './uploads/service';

type Deps = {
  offline: ChatOffline;
  guard: StaffGuard;
  db: Db;
  clock: () => number;
  /** who calls, by the websocket's rules: a staff token, a shopper token, or a guest's tourist token */
  identify: (request: FastifyRequest) => Promise<ChatUploader>;
};

/** The chat when no agent is there, and the support desk's reports (decision 0060). */
export function chatOfflineRoutes(app: FastifyInstance, { offline, guard, db, clock, identify }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];

  /** The visitor calling, or null for staff and for a caller the chat does not know. */
  async function visitorOf(request: FastifyRequest) {
    const caller = await identify(request).catch(() => null);
    if (caller?.type !== 'tourist') return null;
    return caller.id;
  }

  r.get(
    '/api/chat/availability',
    {
      schema: {
        tags,
        summary: "Whether an agent answers now (business hours, agents online), and the visitor's e-mail for replies",
        response: { 200: ZChatAvailabilityResponse },
      },
    },
    async (request) => ok(await offline.availability(await visitorOf(request))),
  );

  r.post(
    '/api/chat/email',
    {
      schema: {
        tags,
        summary: "The visitor's e-mail address: agents' replies go there while they are away",
        body: ZChatEmailRequest,
        response: { 200: ZChatEmailResponse },
      },
    },
    async (request) => {
      const caller = await identify(request);
      if (caller.type !== 'tourist') throw AppError.forbidden(ChatOfflineTexts.onlyVisitors);
      return ok(await offline.saveEmail(caller.id, request.body.email), ChatOfflineTexts.emailSaved);
    },
  );

  r.post(
    '/api/chat/reopen',
    {
      schema: {
        tags,
        summary: "A reply mail's link: the conversation it names, and the visitor's chat identity to open it",
        body: ZChatReopenRequest,
        response: { 200: ZChatReopenResponse },
      },
    },
    async (request) => ok(await offline.reopen(request.body.token)),
  );

  r.get(
    '/admin/kefu/hours',
    {
      schema: { tags, summary: "The support desk's business hours (chat.configure)", response: { 200: ZChatHoursResponse } },
      onRequest: guard.may('chat.configure'),
    },
    async () => ok(await loadChatHours(db)),
  );

  r.post(
    '/admin/kefu/hours',
    {
      schema: {
        tags,
        summary: "Replace the support desk's business hours, audited (chat.configure)",
        body: ZChatHours,
        response: { 200: ZChatHoursResponse },
      },
      onRequest: guard.may('chat.configure'),
    },
    async (request) =>
      ok(await saveChatHours(db, principalOf(request).subjectId, request.body, clock()), ChatOfflineTexts.hoursSaved),
  );

  r.get(
    '/admin/chat/reports',
    {
      schema: {
        tags,
        summary: 'First response and resolution times, conversations per agent and per day, satisfaction (chat.reports)',
        querystring: ZChatReportQuery,
        response: { 200: ZChatReportResponse },
      },
      onRequest: guard.may('chat.reports'),
    },
    async (request) => ok(await chatReport(db, request.query)),
  );
}
