import { ZMapIndexQuery, ZMapIndexResponse, ZPlaceSuggestQuery, ZPlaceSuggestResponse } from '@shop/contracts/address';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, sendShared } from '../../http/envelope';
import type { MapService } from './service';

type Deps = { map: MapService };

/** The country list changes only with a new release; browsers may keep it this long (seconds). */
const COUNTRY_LIST_MAX_AGE_S = 3_600;

/** Sends the shared country list's envelope as the JSON made once for it (see `sendShared`). */
const sendCountries = (reply: FastifyReply, result: object) =>
  sendShared(reply.header('cache-control', `public, max-age=${COUNTRY_LIST_MAX_AGE_S}`), ZMapIndexResponse, result);

/** spec 7 "Settings, currency, map": the countries and the place suggestions of the address form. */
export function mapRoutes(app: FastifyInstance, { map }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['map'];

  r.get(
    '/api/map/index',
    {
      schema: {
        tags,
        summary: 'The countries an address can be in, with their states and postal code formats',
        querystring: ZMapIndexQuery,
        response: { 200: ZMapIndexResponse },
      },
    },
    async (request, reply) => sendCountries(reply, map.countries(request.query.iso2)),
  );

  r.get(
    '/api/map/google/address',
    {
      schema: {
        tags,
        summary: 'Place suggestions (cities, states, countries) for what a shopper types in an address',
        description:
          'Answered from the bundled place list, not an outside service. The part of `address` after its last commas ' +
          'that names a place is matched; the text before it comes back as `street`.',
        querystring: ZPlaceSuggestQuery,
        response: { 200: ZPlaceSuggestResponse },
      },
    },
    async (request) => ok(map.suggest(request.query)),
  );
}
