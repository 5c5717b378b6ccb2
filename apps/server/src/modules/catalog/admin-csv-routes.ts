// the routes' `compress` option is declared by @fastify/compress, which the server registers

import { PassThrough } from 'node:stream';
import type {} from '@fastify/compress';
import {
  CatalogAdminMessages,
  CatalogAdminPaths,
  CSV_IMPORT_MAX_BYTES,
  type TCsvImportReport,
  ZAdminCsvImportRequest,
} from '@shop/contracts/catalog-admin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, staffMay } from '../../http/auth';
import { sendCsv } from '../../http/csv-reply';
import { ok } from '../../http/envelope';
import type { GuardedRoutes } from '../../http/route-options';
import type { CatalogCsv } from './csv';

/** The file's text inside JSON: quotes and line ends escaped may nearly double it. */
const IMPORT_BODY_LIMIT = CSV_IMPORT_MAX_BYTES * 2 + 64 * 1024;

/**
 * An import's answer as it runs, one JSON object a line: `{done, total}` while rows are applied,
 * then the envelope with the report. The file was read before the first line, so an unreadable
 * one is still a plain 400.
 */
function streamImport(
  reply: FastifyReply,
  request: FastifyRequest,
  run: (progress: (done: number, total: number) => void) => Promise<TCsvImportReport>,
) {
  const stream = new PassThrough();
  const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
  run((done, total) => line({ done, total }))
    .then((report) => line(ok(report, CatalogAdminMessages.imported)))
    .catch((error: unknown) => {
      request.log.error({ err: error }, 'catalogue import failed');
      line({ code: 500, msg: 'The import stopped; the rows reported before were applied', result: null });
    })
    .finally(() => stream.end());
  return reply.type('application/x-ndjson; charset=utf-8').header('cache-control', 'no-store').send(stream);
}

/** The catalogue as CSV (decision 0044): products and stock exported, and imported with progress lines. */
export function catalogCsvRoutes(
  app: FastifyInstance,
  csv: CatalogCsv,
  { edit, editStock }: { edit: GuardedRoutes; editStock: GuardedRoutes },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CatalogAdminPaths.exportProducts,
    edit({ summary: 'Every product as CSV, one row per SKU (catalog.edit)' }),
    async (_request, reply) => sendCsv(reply, 'products', await csv.exportProducts()),
  );

  r.get(CatalogAdminPaths.exportStock, editStock({ summary: "Every SKU's stock as CSV (stock.edit)" }), async (_request, reply) =>
    sendCsv(reply, 'stock', await csv.exportStock()),
  );

  r.post(
    CatalogAdminPaths.importProducts,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // each progress line goes out as it is written, not held back by a compressor
      compress: false,
      ...edit({
        summary:
          'Import products from CSV: each product all or nothing; answers NDJSON progress lines, then the report (catalog.edit)',
        body: ZAdminCsvImportRequest,
      }),
    },
    async (request, reply) => {
      const rows = csv.prepareProducts(request.body.csv);
      const staffId = principalOf(request).subjectId;
      return streamImport(reply, request, (progress) =>
        csv.importProducts(staffId, rows, { stockAllowed: staffMay(request, 'stock.edit') }, progress),
      );
    },
  );

  r.post(
    CatalogAdminPaths.importStock,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // each progress line goes out as it is written, not held back by a compressor
      compress: false,
      ...editStock({
        summary:
          'Import stock from CSV (sku_id, stock): good rows applied; answers NDJSON progress lines, then the report (stock.edit)',
        body: ZAdminCsvImportRequest,
      }),
    },
    async (request, reply) => {
      const rows = csv.prepareStock(request.body.csv);
      const staffId = principalOf(request).subjectId;
      return streamImport(reply, request, (progress) => csv.importStock(staffId, rows, progress));
    },
  );
}
