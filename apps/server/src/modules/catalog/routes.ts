import { ZClassifyQuery, ZClassifyResponse } from '@shop/contracts/catalog';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import type { CatalogService } from './service';

export function catalogRoutes(app: FastifyInstance, { catalog }: { catalog: CatalogService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/shop/goods/classify',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The category tree',
        querystring: ZClassifyQuery,
        response: { 200: ZClassifyResponse },
      },
    },
    async (request) => ok(request.query.id ? await catalog.subtree(request.query.id) : await catalog.tree()),
  );
}
