import {
  CustomerPaths,
  ZAdminCustomerListQuery,
  ZAdminCustomerListResponse,
  ZAdminCustomerParams,
  ZAdminCustomerProfileResponse,
} from '@shop/contracts/customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StaffGuard } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { CustomerDirectory } from '../../workflows/customers';

const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];

/** The back office's customers (customers.view, decision 0040): reading only; grants and adjustments have their own routes. */
export function customerRoutes(app: FastifyInstance, { customers, guard }: { customers: CustomerDirectory; guard: StaffGuard }) {
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
}
