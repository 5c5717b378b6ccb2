import {
  ContactPaths,
  ContactTexts,
  ZContactDoneResponse,
  ZContactGoodwillRequest,
  ZContactGoodwillResponse,
  ZContactOrderRequest,
  ZContactPanelResponse,
  ZContactQuery,
  ZContactQuoteResponse,
  ZContactReturnQuoteRequest,
  ZContactReturnRequest,
  ZContactReturnResponse,
} from '@shop/contracts/chat-contact';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard, staffRoleOf } from '../http/auth';
import { ok } from '../http/envelope';
import type { ChatContact } from '../workflows/chat-contact';

/**
 * The console's contact panel and acting for the shopper (decision 0059), for agents answering
 * chats (chat.answer). Every request names the conversation; the chat service decides whether the
 * agent may read it (their own; any for a supervisor) or act in it (their own only).
 */
export function contactRoutes(app: FastifyInstance, { contact, guard }: { contact: ChatContact; guard: StaffGuard }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat contact'];
  /** The agent the guard let in, with the role it read (the panel reads as a supervisor may, goodwill is capped by role). */
  const staffOf = (request: Parameters<typeof principalOf>[0]) => ({
    id: principalOf(request).subjectId,
    role: staffRoleOf(request),
  });

  r.get(
    ContactPaths.panel,
    {
      schema: {
        tags,
        summary:
          "The conversation's visitor and, when signed in, the shopper: account, orders with tracking, bag, wishlist, past conversations, trajectory (chat.answer)",
        querystring: ZContactQuery,
        response: { 200: ZContactPanelResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await contact.panel(staffOf(request), request.query.session_id)),
  );

  r.post(
    ContactPaths.orderCard,
    {
      schema: {
        tags,
        summary: "Send one of the shopper's orders into the conversation as an order card (chat.answer)",
        body: ZContactOrderRequest,
        response: { 200: ZContactDoneResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await contact.sendOrderCard(staffOf(request), request.body), ContactTexts.cardSent),
  );

  r.post(
    ContactPaths.tracking,
    {
      schema: {
        tags,
        summary: "Send a shipped order's carrier and tracking link into the conversation again (chat.answer)",
        body: ZContactOrderRequest,
        response: { 200: ZContactDoneResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await contact.sendTracking(staffOf(request), request.body), ContactTexts.trackingSent),
  );

  r.post(
    ContactPaths.returnQuote,
    {
      schema: {
        tags,
        summary: "What a return of an order line would give back: self-service's own quote (chat.answer)",
        body: ZContactReturnQuoteRequest,
        response: { 200: ZContactQuoteResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await contact.returnQuote(staffOf(request), request.body)),
  );

  r.post(
    ContactPaths.startReturn,
    {
      schema: {
        tags,
        summary: 'Start a return of an order line for the shopper, by the self-service rules (chat.answer)',
        body: ZContactReturnRequest,
        response: { 200: ZContactReturnResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await contact.startReturn(staffOf(request), request.body), ContactTexts.returnStarted),
  );

  r.post(
    ContactPaths.goodwill,
    {
      schema: {
        tags,
        summary: "Grant the shopper a goodwill coupon within the role's limit (chat.answer)",
        body: ZContactGoodwillRequest,
        response: { 200: ZContactGoodwillResponse },
      },
      onRequest: guard.may('chat.answer'),
    },
    async (request) => ok(await contact.grantGoodwill(staffOf(request), request.body), ContactTexts.goodwillGranted),
  );
}
