import {
  MessagePaths,
  MessageTexts,
  ZMessageListRequest,
  ZMessageListResponse,
  ZMessageReadRequest,
  ZMessageReadResponse,
} from '@shop/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import { tokenSecurity as security } from '../../http/route-options';
import type { AuthService } from '../auth';
import type { MessageService } from './service';

type Deps = { messages: MessageService; auth: AuthService };

/** The shopper's message inbox (spec 7; decision 0039). */
export function messageRoutes(app: FastifyInstance, { messages, auth }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');

  r.post(
    MessagePaths.list,
    {
      schema: {
        tags: ['messages'],
        summary: 'The shopper’s notices, newest first, by type and read state; with the unread count',
        security,
        body: ZMessageListRequest,
        response: { 200: ZMessageListResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await messages.list(principalOf(request).subjectId, request.body)),
  );

  r.post(
    MessagePaths.updateReadStatus,
    {
      schema: {
        tags: ['messages'],
        summary: 'Marks the shopper’s notices read: the ids given (another shopper’s is a 404), or all',
        security,
        body: ZMessageReadRequest,
        response: { 200: ZMessageReadResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await messages.markRead(principalOf(request).subjectId, request.body), MessageTexts.markedRead),
  );
}
