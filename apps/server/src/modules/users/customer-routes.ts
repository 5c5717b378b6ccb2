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
import type { AccountCancellation } from '../../workflows/cancel-account';
import type { CustomerDirectory } from '../../workflows/customers';

const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];

/**
 * The back office's customers (customers.view, decision 0040): the search, the profile, the
 * shopper's conversations and the staff notes (decision 0055); erasing an account on the
 * shopper's request takes customers.erase. Grants and adjustments have their own routes.
 */
export function customerRoutes(
  app: FastifyInstance,
  { customers, erase, guard }: { customers: CustomerDirectory; erase: AccountCancellation['erase']; guard: StaffGuard },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CustomerPaths.list,
    {
      schema: {
        tags: ['staff customers'],
        summary: 'Search the shoppers by e-mail, name, phone or order number, newest first (customers.view)',
        querystring: ZAdminCustomerListQuery,
        response: { 200: ZAdminCustomerListResponse },
        security,
      },
      onRequest: guard.may('customers.view'),
    },
    async (request) => ok(await customers.search(request.query)),
  );

  r.get(
    CustomerPaths.profile,
    {
      schema: {
        tags: ['staff customers'],
        summary: "A shopper's profile: account, orders, points and ledger, coupons, addresses (customers.view)",
        params: ZAdminCustomerParams,
        response: { 200: ZAdminCustomerProfileResponse },
        security,
      },
      onRequest: guard.may('customers.view'),
    },
    async (request) => ok(await customers.profile(request.params.id)),
  );

  r.get(
    CustomerPaths.chats,
    {
      schema: {
        tags: ['staff customers'],
        summary: "The shopper's conversations with the support desk, newest first (customers.view)",
        params: ZAdminCustomerParams,
        response: { 200: ZAdminCustomerChatsResponse },
        security,
      },
      onRequest: guard.may('customers.view'),
    },
    async (request) => ok(await customers.chats(request.params.id)),
  );

  r.get(
    CustomerPaths.chat,
    {
      schema: {
        tags: ['staff customers'],
        summary: "One of the shopper's conversations with its messages, read-only (customers.view)",
        params: ZAdminCustomerChatParams,
        response: { 200: ZAdminCustomerTranscriptResponse },
        security,
      },
      onRequest: guard.may('customers.view'),
    },
    async (request) => ok(await customers.transcript(request.params.id, request.params.sessionId)),
  );

  r.get(
    CustomerPaths.notes,
    {
      schema: {
        tags: ['staff customers'],
        summary: 'The staff notes about the shopper, newest first (customers.view)',
        params: ZAdminCustomerParams,
        response: { 200: ZAdminCustomerNotesResponse },
        security,
      },
      onRequest: guard.may('customers.view'),
    },
    async (request) => ok(await customers.notes(request.params.id, principalOf(request).subjectId)),
  );

  r.post(
    CustomerPaths.notes,
    {
      schema: {
        tags: ['staff customers'],
        summary: 'Add a staff note about the shopper, 1 to 1000 characters; audited (customers.view)',
        params: ZAdminCustomerParams,
        body: ZAdminCustomerNoteRequest,
        response: { 200: ZAdminCustomerNotesResponse },
        security,
      },
      onRequest: guard.may('customers.view'),
    },
    async (request) =>
      ok(
        await customers.addNote(request.params.id, principalOf(request).subjectId, request.body.body),
        CustomerMessages.noteAdded,
      ),
  );

  r.post(
    CustomerPaths.noteDelete,
    {
      schema: {
        tags: ['staff customers'],
        summary: 'Delete one of your own notes about the shopper; audited (customers.view)',
        params: ZAdminCustomerParams,
        body: ZAdminCustomerNoteDeleteRequest,
        response: { 200: ZAdminCustomerNotesResponse },
        security,
      },
      onRequest: guard.may('customers.view'),
    },
    async (request) =>
      ok(
        await customers.deleteNote(request.params.id, principalOf(request).subjectId, request.body.note_id),
        CustomerMessages.noteDeleted,
      ),
  );

  r.post(
    CustomerPaths.erase,
    {
      schema: {
        tags: ['staff customers'],
        summary:
          "Erase the account on the shopper's request, refused while an order, a return or a payment is pending; audited with the reason (customers.erase)",
        params: ZAdminCustomerParams,
        body: ZAdminCustomerEraseRequest,
        response: { 200: ZAdminCustomerEraseResponse },
        security,
      },
      onRequest: guard.may('customers.erase'),
    },
    async (request) => {
      await erase(principalOf(request).subjectId, request.params.id, request.body.reason);
      return ok(null, CustomerMessages.erased);
    },
  );
}
