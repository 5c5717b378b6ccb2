import {
  CatalogAdminMessages,
  CSV_IMPORT_ROWS_MAX,
  PRODUCT_CSV_COLUMNS,
  STOCK_CSV_COLUMNS,
  STOCK_MAX,
  type TCsvImportReport,
  type TCsvRejection,
  ZAdminProductSaveRequest,
} from '@shop/contracts/catalog-admin';
import { centsToPrice } from '@shop/contracts/pricing';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import type { FileStorage } from '../../infra/storage/file-storage';
import { applyStock, loadProduct, pricesOf, refusingDuplicates, type WriteOptions, writeProduct } from './admin';
import { catalogAdminRepo } from './admin-repo';
import { ON_SALE } from './repo';

/**
 * CSV export and import of products and stock (decision 0044): csv-stringify writes, csv-parse
 * reads (RFC 4180 quoting, a byte-order mark, CRLF or LF). An import checks every row; a rejected
 * row is reported with its row (the header is row 1), column and reason and changes nothing: the
 * products import applies each product (its rows together) in a transaction of its own, the stock
 * import applies its good rows in transactions of a few hundred.
 */

/** Products per query of the export, and stock rows per transaction of the import. */
const CHUNK = 500;
/** How often (rows) an import reports its progress. */
const PROGRESS_EVERY = 50;

type Progress = (done: number, total: number) => void;
type Row = { row: number; cells: Record<string, string> };

const toCsv = (columns: readonly string[], rows: unknown[][]) => stringify([columns as string[], ...rows]);

/** The rows of a file under its header, each with its row number; a file it cannot read is a 400. */
function readCsv(text: string, required: readonly string[]): Row[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch {
    throw AppError.field('csv', CatalogAdminMessages.csvUnreadable);
  }
  const [header, ...body] = records;
  if (!header) throw AppError.field('csv', CatalogAdminMessages.csvUnreadable);
  const columns = header.map((name) => name.trim().toLowerCase());
  const missing = required.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw AppError.field('csv', CatalogAdminMessages.csvMissingColumns(missing));
  if (body.length > CSV_IMPORT_ROWS_MAX) throw AppError.field('csv', CatalogAdminMessages.csvTooManyRows);
  return body.map((record, i) => ({
    row: i + 2,
    cells: Object.fromEntries(columns.map((name, c) => [name, record[c] ?? ''])),
  }));
}

/** A cell as a number for the schema: '' is absent, anything not a number stays text (the schema names it). */
const numberOr = (cell: string | undefined, empty: null | undefined): number | string | null | undefined => {
  const value = (cell ?? '').trim();
  if (value === '') return empty;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
};

const flagOf = (cell: string | undefined): unknown => {
  const value = (cell ?? '').trim().toLowerCase();
  if (value === '' || ['1', 'yes', 'true', 'shown'].includes(value)) return 1;
  if (['0', 'no', 'false', 'hidden'].includes(value)) return 0;
  return value;
};

/** The CSV column a field of the save request came from. */
function columnOf(path: readonly PropertyKey[]): { sku?: number; column: string } {
  const [first, index, field] = path;
  if (first === 'skus' && typeof index === 'number') {
    return { sku: index, column: field === 'price' ? 'sku_price' : field === 'id' ? 'sku_id' : String(field ?? 'color') };
  }
  if (first === 'id') return { column: 'goods_id' };
  if (first === 'skus') return { column: 'color' };
  return { column: String(first ?? 'goods_id') };
}

export function createCatalogCsv({
  db,
  media,
  invalidate,
  clock = Date.now,
}: {
  db: Db;
  media: FileStorage;
  invalidate: (goodsId?: number) => Promise<void>;
  clock?: () => number;
}) {
  const repo = catalogAdminRepo(db);

  return {
    /** GET /admin/catalog/export/products: one row per SKU. */
    async exportProducts(): Promise<string> {
      const goods = await repo.allGoods();
      const rows: unknown[][] = [];
      for (let i = 0; i < goods.length; i += CHUNK) {
        const chunk = goods.slice(i, i + CHUNK);
        const skus = await repo.skusOf(chunk.map((g) => g.id));
        for (const product of chunk) {
          const own = skus.filter((sku) => sku.goods_id === product.id);
          const { regular, sale, effective } = pricesOf(own);
          for (const sku of own) {
            rows.push([
              product.id,
              product.url,
              product.name,
              product.category_id,
              product.status === ON_SALE ? 1 : 0,
              centsToPrice(regular).toFixed(2),
              sale === null ? '' : centsToPrice(sale).toFixed(2),
              product.description,
              sku.id,
              sku.color,
              sku.size,
              sku.price === effective ? '' : centsToPrice(sku.price).toFixed(2),
              sku.stock,
            ]);
          }
        }
      }
      return toCsv(PRODUCT_CSV_COLUMNS, rows);
    },

    /** GET /admin/catalog/export/stock */
    async exportStock(): Promise<string> {
      const skus = await repo.allSkus();
      return toCsv(
        STOCK_CSV_COLUMNS,
        skus.map((sku) => [sku.id, sku.goods_id, sku.name, sku.color, sku.size, sku.stock]),
      );
    },

    /** Reads the file at once (a 400 when it cannot), then applies it row by row, reporting progress. */
    prepareProducts(text: string) {
      return readCsv(text, ['name', 'category_id', 'price', 'color', 'size', 'stock']);
    },

    prepareStock(text: string) {
      return readCsv(text, ['sku_id', 'stock']);
    },

    /** POST /admin/catalog/import/products: each product's rows together, all applied or none. */
    async importProducts(
      staffId: number,
      rows: Row[],
      options: WriteOptions,
      progress: Progress = () => {},
    ): Promise<TCsvImportReport> {
      const groups = new Map<string, Row[]>();
      for (const row of rows) {
        const { goods_id: goodsId = '', url = '', name = '' } = row.cells;
        const key = goodsId.trim()
          ? `id:${goodsId.trim()}`
          : url.trim()
            ? `url:${url.trim()}`
            : `name:${name.trim().toLowerCase()}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      const report: TCsvImportReport = { rows: rows.length, applied: 0, rejected: [], created: 0, updated: 0 };
      let done = 0;
      let reported = 0;
      for (const group of groups.values()) {
        const rejected = await this.importProduct(staffId, group, options, report);
        if (rejected) {
          report.rejected.push(rejected);
          for (const other of group) {
            if (other.row !== rejected.row) {
              report.rejected.push({
                row: other.row,
                column: rejected.column,
                reason: `Not applied: row ${rejected.row} of the same product was rejected`,
              });
            }
          }
        } else report.applied += group.length;
        done += group.length;
        if (done - reported >= PROGRESS_EVERY) {
          reported = done;
          progress(done, rows.length);
        }
      }
      report.rejected.sort((a, b) => a.row - b.row);
      if (report.created + report.updated > 0) await invalidate();
      progress(rows.length, rows.length);
      return report;
    },

    /** One product's rows: its rejection, or undefined once it is written. */
    async importProduct(staffId: number, group: Row[], options: WriteOptions, report: TCsvImportReport) {
      const first = group[0] as Row;
      const head = first.cells;
      const goodsId = numberOr(head.goods_id, undefined);
      const before = typeof goodsId === 'number' && Number.isSafeInteger(goodsId) ? await loadProduct(db, goodsId) : undefined;
      const existingSku = (color: string, size: string) =>
        before?.skus.find(
          (sku) => sku.color.toLowerCase() === color.toLowerCase() && sku.size.toLowerCase() === size.toLowerCase(),
        )?.id;
      const candidate = {
        id: goodsId,
        url: head.url?.trim() || before?.url || '',
        name: head.name,
        category_id: numberOr(head.category_id, undefined),
        visible: flagOf(head.visible),
        price: numberOr(head.price, undefined),
        sale_price: numberOr(head.sale_price, null),
        description: head.description ?? before?.description ?? '',
        skus: group.map(({ cells }) => ({
          id: numberOr(cells.sku_id, undefined) ?? existingSku(cells.color ?? '', cells.size ?? ''),
          color: cells.color ?? '',
          size: cells.size ?? '',
          price: numberOr(cells.sku_price, null),
          stock: numberOr(cells.stock, undefined),
        })),
      };
      const parsed = ZAdminProductSaveRequest.safeParse(candidate);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const { sku, column } = columnOf(issue?.path ?? []);
        return { row: (sku === undefined ? first : (group[sku] ?? first)).row, column, reason: issue?.message ?? 'Invalid' };
      }
      const { images: _images, ...input } = parsed.data;
      try {
        const written = await refusingDuplicates(
          () =>
            inTransaction(db, (trx) => writeProduct(trx, { media, staffId, at: clock() }, input, { ...options, partial: true })),
          'url',
          CatalogAdminMessages.urlTaken,
        );
        if (written.created) report.created++;
        else if (written.changed) report.updated++;
        return undefined;
      } catch (error) {
        if (!(error instanceof AppError) || (error.type !== 'bad_request' && error.type !== 'forbidden')) throw error;
        const field = Object.keys(error.fields ?? {})[0];
        const column = error.type === 'forbidden' ? 'stock' : columnOf(field ? [field] : []).column;
        return { row: first.row, column: column === 'skus' ? 'sku_id' : column, reason: error.message } satisfies TCsvRejection;
      }
    },

    /** POST /admin/catalog/import/stock: every good row applied, every other reported. */
    async importStock(staffId: number, rows: Row[], progress: Progress = () => {}): Promise<TCsvImportReport> {
      const report: TCsvImportReport = { rows: rows.length, applied: 0, rejected: [], created: 0, updated: 0 };
      const seen = new Map<number, number>();
      const good: { row: number; skuId: number; stock: number }[] = [];
      for (const { row, cells } of rows) {
        const skuId = Number(cells.sku_id);
        const stock = Number(cells.stock);
        if (!/^\d{1,10}$/.test(cells.sku_id ?? '') || !Number.isSafeInteger(skuId) || skuId < 1 || skuId > 2_147_483_647) {
          report.rejected.push({ row, column: 'sku_id', reason: 'sku_id must be a SKU number' });
        } else if (!/^\d{1,10}$/.test(cells.stock ?? '') || stock > STOCK_MAX) {
          report.rejected.push({ row, column: 'stock', reason: `stock must be a whole number from 0 to ${STOCK_MAX}` });
        } else if (seen.has(skuId)) {
          report.rejected.push({ row, column: 'sku_id', reason: `The same SKU is on row ${seen.get(skuId)}` });
        } else {
          seen.set(skuId, row);
          good.push({ row, skuId, stock });
        }
      }
      const moved = new Set<number>();
      let done = rows.length - good.length;
      for (let i = 0; i < good.length; i += CHUNK) {
        const chunk = good.slice(i, i + CHUNK);
        const known = new Set((await repo.skusByIds(chunk.map((line) => line.skuId))).map((sku) => sku.id));
        for (const line of chunk) {
          if (!known.has(line.skuId))
            report.rejected.push({ row: line.row, column: 'sku_id', reason: CatalogAdminMessages.skuNotFound });
        }
        const wanted = new Map(chunk.filter((line) => known.has(line.skuId)).map((line) => [line.skuId, line.stock]));
        const goodsIds = await inTransaction(db, (trx) =>
          applyStock(trx, { staffId, at: clock(), reason: 'CSV import' }, wanted),
        );
        for (const goodsId of goodsIds) moved.add(goodsId);
        report.applied += wanted.size;
        done += chunk.length;
        progress(done, rows.length);
      }
      report.rejected.sort((a, b) => a.row - b.row);
      await Promise.all([...moved].map((goodsId) => invalidate(goodsId)));
      progress(rows.length, rows.length);
      return report;
    },
  };
}

export type CatalogCsv = ReturnType<typeof createCatalogCsv>;
