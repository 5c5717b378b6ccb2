import {
  AddressMessages,
  ZAddressAddRequest,
  ZAddressDetailQuery,
  ZAddressEditRequest,
  ZAddressIdRequest,
  ZAddressListQuery,
  ZAddressListResponse,
  ZAddressResponse,
} from '@shop/contracts/address';
import { envelope } from '@shop/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireSubject } from '../../http/auth';
import { ok } from '../../http/envelope';
import { tokenSecurity as security } from '../../http/route-options';
import type { AuthService } from '../auth';
import type { AddressService } from './service';

type Deps = { addresses: AddressService; auth: AuthService };

/** spec 7 "Addresses": the signed-in shopper's address book. Another shopper's id answers 404. */
export function addressRoutes(app: FastifyInstance, { addresses, auth }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const requireUser = requireSubject(auth, 'user');
  const tags = ['addresses'];
  const shopperOf = (request: Parameters<typeof principalOf>[0]) => principalOf(request).subjectId;

  r.get(
    '/shop/userAddress',
    {
      schema: {
        tags,
        security,
        summary: 'The shopper’s addresses, the default first',
        querystring: ZAddressListQuery,
        response: { 200: ZAddressListResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await addresses.list(shopperOf(request))),
  );

  r.get(
    '/shop/userAddress/detail',
    {
      schema: { tags, security, summary: 'One address', querystring: ZAddressDetailQuery, response: { 200: ZAddressResponse } },
      onRequest: requireUser,
    },
    async (request) => ok(await addresses.detail(shopperOf(request), request.query.id)),
  );

  r.post(
    '/shop/userAddress/add',
    {
      schema: {
        tags,
        security,
        summary: 'Save a new address (the first one becomes the default)',
        description: 'phone is the full number with its dial code; postcode and state are checked for the country.',
        body: ZAddressAddRequest,
        response: { 200: ZAddressResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await addresses.add(shopperOf(request), request.body), AddressMessages.added),
  );

  r.post(
    '/shop/userAddress/edit',
    {
      schema: { tags, security, summary: 'Change an address', body: ZAddressEditRequest, response: { 200: ZAddressResponse } },
      onRequest: requireUser,
    },
    async (request) => {
      const { id, ...input } = request.body;
      return ok(await addresses.edit(shopperOf(request), id, input), AddressMessages.saved);
    },
  );

  r.post(
    '/shop/userAddress/delete',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an address (deleting the default makes the newest one left the default)',
        body: ZAddressIdRequest,
        response: { 200: envelope(z.null()) },
      },
      onRequest: requireUser,
    },
    async (request) => {
      await addresses.remove(shopperOf(request), request.body.id);
      return ok(null, AddressMessages.deleted);
    },
  );

  r.post(
    '/shop/user_address/setDefault',
    {
      schema: {
        tags,
        security,
        summary: 'Make an address the default',
        body: ZAddressIdRequest,
        response: { 200: ZAddressResponse },
      },
      onRequest: requireUser,
    },
    async (request) => ok(await addresses.setDefault(shopperOf(request), request.body.id), AddressMessages.defaultSet),
  );
}
