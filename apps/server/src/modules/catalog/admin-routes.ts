import {
  CATALOG_PHOTO_MAX_BYTES,
  CatalogAdminMessages,
  CatalogAdminPaths,
  ZAdminCategory,
  ZAdminCategoryAddRequest,
  ZAdminCategoryList,
  ZAdminCategoryMoveRequest,
  ZAdminCategoryRenameRequest,
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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, type StaffGuard, staffMay } from '../../http/auth';
import { ok } from '../../http/envelope';
import { type GuardedRoutes, guarded } from '../../http/route-options';
import type { CatalogAdmin } from './admin';
import { catalogCsvRoutes } from './admin-csv-routes';
import type { CatalogCsv } from './csv';

const UPLOAD_BODY_LIMIT = Math.ceil((CATALOG_PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024;

type Deps = { admin: CatalogAdmin; csv: CatalogCsv; guard: StaffGuard };

/** The staff catalogue API (decision 0043): catalog.edit, and stock.edit for stock. Every write is audited. */
export function catalogAdminRoutes(app: FastifyInstance, { admin, csv, guard }: Deps) {
  const edit = guarded(['staff catalogue'], guard.may('catalog.edit'));
  const editStock = guarded(['staff catalogue'], guard.may('stock.edit'));
  productAdminRoutes(app, admin, { edit, editStock });
  categoryAdminRoutes(app, admin, edit);
  catalogCsvRoutes(app, csv, { edit, editStock });
}

/** Products: the list, one product, saving it whole, its pictures and its SKUs' stock. */
function productAdminRoutes(
  app: FastifyInstance,
  admin: CatalogAdmin,
  { edit, editStock }: { edit: GuardedRoutes; editStock: GuardedRoutes },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CatalogAdminPaths.products,
    edit({
      summary: 'Products: searched, filtered by category (and below) and visibility, sorted and paged (catalog.edit)',
      querystring: ZAdminProductListQuery,
      response: { 200: envelope(ZAdminProductList) },
    }),
    async (request) => ok(await admin.list(request.query)),
  );

  r.get(
    '/admin/catalog/products/:id',
    edit({
      summary: 'A product as the editor shows it: prices, SKUs with stock, pictures (catalog.edit)',
      params: ZAdminProductParams,
      response: { 200: envelope(ZAdminProduct) },
    }),
    async (request) => ok(await admin.product(request.params.id)),
  );

  r.post(
    CatalogAdminPaths.save,
    edit({
      summary: 'Create a product (no id) or save it whole; a stock change needs stock.edit too (catalog.edit)',
      body: ZAdminProductSaveRequest,
      response: { 200: envelope(ZAdminProduct) },
    }),
    async (request) =>
      ok(
        await admin.save(principalOf(request).subjectId, request.body, { stockAllowed: staffMay(request, 'stock.edit') }),
        CatalogAdminMessages.saved,
      ),
  );

  r.post(
    CatalogAdminPaths.upload,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      ...edit({
        summary: 'Upload a product picture as base64: type from the bytes, resized, re-encoded without metadata (catalog.edit)',
        body: ZAdminImageUploadRequest,
        response: { 200: envelope(ZAdminUploadedImage) },
      }),
    },
    async (request) => ok(await admin.upload(request.body.file), CatalogAdminMessages.uploaded),
  );

  r.post(
    CatalogAdminPaths.stock,
    editStock({
      summary: 'Set the stock of SKUs (stock.edit)',
      body: ZAdminStockRequest,
      response: { 200: envelope(ZAdminStockResult) },
    }),
    async (request) => ok(await admin.setStock(principalOf(request).subjectId, request.body), CatalogAdminMessages.stockSaved),
  );
}

/** The category tree: the flat list, adding, renaming and moving a category. */
function categoryAdminRoutes(app: FastifyInstance, admin: CatalogAdmin, edit: GuardedRoutes) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    CatalogAdminPaths.categories,
    edit({
      summary: 'Every category, flat, in display order, with its goods (catalog.edit)',
      response: { 200: envelope(ZAdminCategoryList) },
    }),
    async () => ok(await admin.categories()),
  );

  r.post(
    CatalogAdminPaths.categoryAdd,
    edit({
      summary: 'Add a category, last under its parent (catalog.edit)',
      body: ZAdminCategoryAddRequest,
      response: { 200: envelope(ZAdminCategory) },
    }),
    async (request) =>
      ok(await admin.addCategory(principalOf(request).subjectId, request.body), CatalogAdminMessages.categorySaved),
  );

  r.post(
    CatalogAdminPaths.categoryRename,
    edit({
      summary: 'Rename a category (and change its address) (catalog.edit)',
      body: ZAdminCategoryRenameRequest,
      response: { 200: envelope(ZAdminCategory) },
    }),
    async (request) =>
      ok(await admin.renameCategory(principalOf(request).subjectId, request.body), CatalogAdminMessages.categorySaved),
  );

  r.post(
    CatalogAdminPaths.categoryMove,
    edit({
      summary: 'Move a category under another parent and to a place among its siblings (catalog.edit)',
      body: ZAdminCategoryMoveRequest,
      response: { 200: envelope(ZAdminCategoryList) },
    }),
    async (request) =>
      ok(await admin.moveCategory(principalOf(request).subjectId, request.body), CatalogAdminMessages.categorySaved),
  );
}
