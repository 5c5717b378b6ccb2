import {
  CustomerMessages,
  CustomerPaths,
  ZAdminCustomerChatParams,
  ZAdminCustomerChatsResponse,
  ZAdminCustomerEraseRequest,
  ZAdminCustomerEraseResponse,
  ZAdminCustomerListQuery,
  ZAdminCustomerListResponse,
  ZAdminCustomerNoteDeleteRequest,
  ZAdminCustomerNoteRequest,
  ZAdminCustomerNotesResponse,
  ZAdminCustomerParams,
  ZAdminCustomerProfileResponse,
  ZAdminCustomerTranscriptResponse,
} from '@shop/contracts/customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import { type GuardedRoutes, guarded } from '../../http/route-options';
import type { AccountCancellation } from '../../workflows/cancel-account';
import type { CustomerDirectory } from '../../workflows/customers';

/**
 * The back office's customers (customers.view, decision 0040): the search, the profile, the
 * shopper's conversations and the staff notes (decision 0055); erasing an account on the
 * shopper's request takes customers.erase. Grants and adjustments have their own routes.
 */
export function customerRoutes(
  app: FastifyInstance,
  { customers, erase, guard }: { customers: CustomerDirectory; erase: AccountCancellation['erase']; guard: StaffGuard },
) {
  const view = guarded(['staff customers'], guard.may('customers.view'));
  customerReadRoutes(app, customers, view);
  customerNoteRoutes(app, customers, view);
  eraseRoute(app, erase, guarded(['staff customers'], guard.may('customers.erase')));
}

/** The search, the profile and the shopper's conversations (read-only). */
function customerReadRoutes(app: FastifyInstance, customers: CustomerDirectory, view: GuardedRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CustomerPaths.list,
    view({
      summary: 'Search the shoppers by e-mail, name, phone or order number, newest first (customers.view)',
      querystring: ZAdminCustomerListQuery,
      response: { 200: ZAdminCustomerListResponse },
    }),
    async (request) => ok(await customers.search(request.query)),
  );

  r.get(
    CustomerPaths.profile,
    view({
      summary: "A shopper's profile: account, orders, points and ledger, coupons, addresses (customers.view)",
      params: ZAdminCustomerParams,
      response: { 200: ZAdminCustomerProfileResponse },
    }),
    async (request) => ok(await customers.profile(request.params.id)),
  );

  r.get(
    CustomerPaths.chats,
    view({
      summary: "The shopper's conversations with the support desk, newest first (customers.view)",
      params: ZAdminCustomerParams,
      response: { 200: ZAdminCustomerChatsResponse },
    }),
    async (request) => ok(await customers.chats(request.params.id)),
  );

  r.get(
    CustomerPaths.chat,
    view({
      summary: "One of the shopper's conversations with its messages, read-only (customers.view)",
      params: ZAdminCustomerChatParams,
      response: { 200: ZAdminCustomerTranscriptResponse },
    }),
    async (request) => ok(await customers.transcript(request.params.id, request.params.sessionId)),
  );
}

/** The staff notes about a shopper (decision 0055): the list, adding, deleting one's own; audited. */
function customerNoteRoutes(app: FastifyInstance, customers: CustomerDirectory, view: GuardedRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CustomerPaths.notes,
    view({
      summary: 'The staff notes about the shopper, newest first (customers.view)',
      params: ZAdminCustomerParams,
      response: { 200: ZAdminCustomerNotesResponse },
    }),
    async (request) => ok(await customers.notes(request.params.id, principalOf(request).subjectId)),
  );

  r.post(
    CustomerPaths.notes,
    view({
      summary: 'Add a staff note about the shopper, 1 to 1000 characters; audited (customers.view)',
      params: ZAdminCustomerParams,
      body: ZAdminCustomerNoteRequest,
      response: { 200: ZAdminCustomerNotesResponse },
    }),
    async (request) =>
      ok(
        await customers.addNote(request.params.id, principalOf(request).subjectId, request.body.body),
        CustomerMessages.noteAdded,
      ),
  );

  r.post(
    CustomerPaths.noteDelete,
    view({
      summary: 'Delete one of your own notes about the shopper; audited (customers.view)',
      params: ZAdminCustomerParams,
      body: ZAdminCustomerNoteDeleteRequest,
      response: { 200: ZAdminCustomerNotesResponse },
    }),
    async (request) =>
      ok(
        await customers.deleteNote(request.params.id, principalOf(request).subjectId, request.body.note_id),
        CustomerMessages.noteDeleted,
      ),
  );
}

/** Erasing an account on the shopper's request (customers.erase), with the shopper's own refusals. */
function eraseRoute(app: FastifyInstance, erase: AccountCancellation['erase'], eraser: GuardedRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    CustomerPaths.erase,
    eraser({
      summary:
        "Erase the account on the shopper's request, refused while an order, a return or a payment is pending; audited with the reason (customers.erase)",
      params: ZAdminCustomerParams,
      body: ZAdminCustomerEraseRequest,
      response: { 200: ZAdminCustomerEraseResponse },
    }),
    async (request) => {
      await erase(principalOf(request).subjectId, request.params.id, request.body.reason);
      return ok(null, CustomerMessages.erased);
    },
  );
}
