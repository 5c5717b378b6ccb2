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
import type { StaffGuard } from '../http/auth';
import { ok } from '../http/envelope';
import type { ChatContact } from '../workflows/chat-contact';
import { staffActions, staffOf, staffRoutes } from './route-options';

/**
 * The console's contact panel and acting for the shopper (decision 0059), for agents answering
 * chats (chat.answer). Every request names the conversation; the chat service decides whether the
 * agent may read it (their own; any for a supervisor) or act in it (their own only); the panel
 * reads as a supervisor may, goodwill is capped by role (`staffOf` hands the role in).
 */
export function contactRoutes(app: FastifyInstance, { contact, guard }: { contact: ChatContact; guard: StaffGuard }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = staffRoutes(['chat contact'], guard.may('chat.answer'));
  const action = staffActions(app, ['chat contact'], guard.may('chat.answer'));

  r.get(
    ContactPaths.panel,
    answer({
      summary:
        "The conversation's visitor and, when signed in, the shopper: account, orders with tracking, bag, wishlist, past conversations, trajectory (chat.answer)",
      querystring: ZContactQuery,
      response: { 200: ZContactPanelResponse },
    }),
    async (request) => ok(await contact.panel(staffOf(request), request.query.session_id)),
  );

  action(
    ContactPaths.orderCard,
    {
      summary: "Send one of the shopper's orders into the conversation as an order card (chat.answer)",
      body: ZContactOrderRequest,
      response: ZContactDoneResponse,
      msg: ContactTexts.cardSent,
    },
    (staff, body) => contact.sendOrderCard(staff, body),
  );

  action(
    ContactPaths.tracking,
    {
      summary: "Send a shipped order's carrier and tracking link into the conversation again (chat.answer)",
      body: ZContactOrderRequest,
      response: ZContactDoneResponse,
      msg: ContactTexts.trackingSent,
    },
    (staff, body) => contact.sendTracking(staff, body),
  );

  action(
    ContactPaths.returnQuote,
    {
      summary: "What a return of an order line would give back: self-service's own quote (chat.answer)",
      body: ZContactReturnQuoteRequest,
      response: ZContactQuoteResponse,
    },
    (staff, body) => contact.returnQuote(staff, body),
  );

  action(
    ContactPaths.startReturn,
    {
      summary: 'Start a return of an order line for the shopper, by the self-service rules (chat.answer)',
      body: ZContactReturnRequest,
      response: ZContactReturnResponse,
      msg: ContactTexts.returnStarted,
    },
    (staff, body) => contact.startReturn(staff, body),
  );

  action(
    ContactPaths.goodwill,
    {
      summary: "Grant the shopper a goodwill coupon within the role's limit (chat.answer)",
      body: ZContactGoodwillRequest,
      response: ZContactGoodwillResponse,
      msg: ContactTexts.goodwillGranted,
    },
    (staff, body) => contact.grantGoodwill(staff, body),
  );
}
