import { PassThrough } from 'node:stream';
import {
  CATALOG_PHOTO_MAX_BYTES,
  CatalogAdminMessages,
  CatalogAdminPaths,
  CSV_IMPORT_MAX_BYTES,
  type TCsvImportReport,
  ZAdminCategory,
  ZAdminCategoryAddRequest,
  ZAdminCategoryList,
  ZAdminCategoryMoveRequest,
  ZAdminCategoryRenameRequest,
  ZAdminCsvImportRequest,
  ZAdminImageUploadRequest,
  ZAdminProduct,
  ZAdminProductList,
  ZAdminProductListQuery,
  ZAdminProductParams,
  ZAdminProductSaveRequest,
  ZAdminStockRequest,
  ZAdminStockResult,
  ZAdminUploadedImage,
} from '@shop/contracts/catalog-admin';
import { envelope } from '@shop/contracts/envelope';
import { roleMay } from '@shop/contracts/permissions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard, staffRoleOf } from '../../http/auth';
import { sendCsv } from '../../http/csv-reply';
import { ok } from '../../http/envelope';
import type { CatalogAdmin } from './admin';
import type { CatalogCsv } from './csv';

const UPLOAD_BODY_LIMIT = Math.ceil((CATALOG_PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;
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

/** The staff catalogue API (decision 0043): catalog.edit, and stock.edit for stock. Every write is audited. */
export function catalogAdminRoutes(app: FastifyInstance, deps: { admin: CatalogAdmin; csv: CatalogCsv; guard: StaffGuard }) {
  const { admin, csv, guard } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];
  const tags = ['staff catalogue'];
  const stockAllowed = (request: FastifyRequest) => roleMay(staffRoleOf(request), 'stock.edit');

  r.get(
    CatalogAdminPaths.products,
    {
      schema: {
        tags,
        summary: 'Products: searched, filtered by category (and below) and visibility, sorted and paged (catalog.edit)',
        querystring: ZAdminProductListQuery,
        response: { 200: envelope(ZAdminProductList) },
        security,
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) => ok(await admin.list(request.query)),
  );

  r.get(
    '/admin/catalog/products/:id',
    {
      schema: {
        tags,
        summary: 'A product as the editor shows it: prices, SKUs with stock, pictures (catalog.edit)',
        params: ZAdminProductParams,
        response: { 200: envelope(ZAdminProduct) },
        security,
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) => ok(await admin.product(request.params.id)),
  );

  r.post(
    CatalogAdminPaths.save,
    {
      schema: {
        tags,
        summary: 'Create a product (no id) or save it whole; a stock change needs stock.edit too (catalog.edit)',
        body: ZAdminProductSaveRequest,
        response: { 200: envelope(ZAdminProduct) },
        security,
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) =>
      ok(
        await admin.save(principalOf(request).subjectId, request.body, { stockAllowed: stockAllowed(request) }),
        CatalogAdminMessages.saved,
      ),
  );

  r.post(
    CatalogAdminPaths.upload,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Upload a product picture as base64: type from the bytes, resized, re-encoded without metadata (catalog.edit)',
        body: ZAdminImageUploadRequest,
        response: { 200: envelope(ZAdminUploadedImage) },
        security,
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) => ok(await admin.upload(request.body.file), CatalogAdminMessages.uploaded),
  );

  r.post(
    CatalogAdminPaths.stock,
    {
      schema: {
        tags,
        summary: 'Set the stock of SKUs (stock.edit)',
        body: ZAdminStockRequest,
        response: { 200: envelope(ZAdminStockResult) },
        security,
      },
      onRequest: guard.may('stock.edit'),
    },
    async (request) => ok(await admin.setStock(principalOf(request).subjectId, request.body), CatalogAdminMessages.stockSaved),
  );

  r.get(
    CatalogAdminPaths.categories,
    {
      schema: {
        tags,
        summary: 'Every category, flat, in display order, with its goods (catalog.edit)',
        response: { 200: envelope(ZAdminCategoryList) },
        security,
      },
      onRequest: guard.may('catalog.edit'),
    },
    async () => ok(await admin.categories()),
  );

  r.post(
    CatalogAdminPaths.categoryAdd,
    {
      schema: {
        tags,
        summary: 'Add a category, last under its parent (catalog.edit)',
        body: ZAdminCategoryAddRequest,
        response: { 200: envelope(ZAdminCategory) },
        security,
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) =>
      ok(await admin.addCategory(principalOf(request).subjectId, request.body), CatalogAdminMessages.categorySaved),
  );

  r.post(
    CatalogAdminPaths.categoryRename,
    {
      schema: {
        tags,
        summary: 'Rename a category (and change its address) (catalog.edit)',
        body: ZAdminCategoryRenameRequest,
        response: { 200: envelope(ZAdminCategory) },
        security,
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) =>
      ok(await admin.renameCategory(principalOf(request).subjectId, request.body), CatalogAdminMessages.categorySaved),
  );

  r.post(
    CatalogAdminPaths.categoryMove,
    {
      schema: {
        tags,
        summary: 'Move a category under another parent and to a place among its siblings (catalog.edit)',
        body: ZAdminCategoryMoveRequest,
        response: { 200: envelope(ZAdminCategoryList) },
        security,
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request) =>
      ok(await admin.moveCategory(principalOf(request).subjectId, request.body), CatalogAdminMessages.categorySaved),
  );

  r.get(
    CatalogAdminPaths.exportProducts,
    {
      schema: { tags, summary: 'Every product as CSV, one row per SKU (catalog.edit)', security },
      onRequest: guard.may('catalog.edit'),
    },
    async (_request, reply) => sendCsv(reply, 'products', await csv.exportProducts()),
  );

  r.get(
    CatalogAdminPaths.exportStock,
    {
      schema: { tags, summary: "Every SKU's stock as CSV (stock.edit)", security },
      onRequest: guard.may('stock.edit'),
    },
    async (_request, reply) => sendCsv(reply, 'stock', await csv.exportStock()),
  );

  r.post(
    CatalogAdminPaths.importProducts,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // each progress line goes out as it is written, not held back by a compressor
      compress: false,
      schema: {
        tags,
        summary:
          'Import products from CSV: each product all or nothing; answers NDJSON progress lines, then the report (catalog.edit)',
        body: ZAdminCsvImportRequest,
        security,
      },
      onRequest: guard.may('catalog.edit'),
    },
    async (request, reply) => {
      const rows = csv.prepareProducts(request.body.csv);
      const staffId = principalOf(request).subjectId;
      return streamImport(reply, request, (progress) =>
        csv.importProducts(staffId, rows, { stockAllowed: stockAllowed(request) }, progress),
      );
    },
  );

  r.post(
    CatalogAdminPaths.importStock,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // each progress line goes out as it is written, not held back by a compressor
      compress: false,
      schema: {
        tags,
        summary:
          'Import stock from CSV (sku_id, stock): good rows applied; answers NDJSON progress lines, then the report (stock.edit)',
        body: ZAdminCsvImportRequest,
        security,
      },
      onRequest: guard.may('stock.edit'),
    },
    async (request, reply) => {
      const rows = csv.prepareStock(request.body.csv);
      const staffId = principalOf(request).subjectId;
      return streamImport(reply, request, (progress) => csv.importStock(staffId, rows, progress));
    },
  );
}
