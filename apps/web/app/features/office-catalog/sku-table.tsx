import { COLOR_NAME_MAX, SIZE_NAME_MAX } from '@shop/contracts/catalog-admin-rules';
import { type Columns, DataTable } from '../../components/office/data-table';
import { type Draft, pairKey, type SkuDraft, skuErrorOf } from './product-draft';
import { ValueList } from './value-list';

type Sku = SkuDraft & { index: number };

/** The SKUs, one a row: each pair's own price, and its stock (read-only for a role without stock.edit). */
function SkuTable({
  draft,
  mayStock,
  onSku,
}: {
  draft: Draft;
  mayStock: boolean;
  onSku: (index: number, patch: Partial<SkuDraft>) => void;
}) {
  const columns: Columns<Sku> = [
    { header: 'Colour', cell: (sku) => sku.color, primary: true, className: 'text-gray-900' },
    { header: 'Size', cell: (sku) => sku.size, className: 'text-gray-900' },
    {
      header: 'Own price (USD)',
      cell: (sku) => (
        <input
          aria-label={`Own price of ${sku.color} ${sku.size}`}
          inputMode="decimal"
          placeholder={draft.sale_price || draft.price || 'As the product'}
          value={sku.price}
          onChange={(event) => onSku(sku.index, { price: event.target.value })}
          className="min-h-11 w-32 rounded-md border border-gray-300 px-2 placeholder:text-gray-500 focus:outline-2 focus:outline-gray-900"
        />
      ),
    },
    {
      header: 'Stock',
      cell: (sku) => (
        <input
          aria-label={`Stock of ${sku.color} ${sku.size}`}
          inputMode="numeric"
          value={sku.stock}
          readOnly={!mayStock}
          onChange={(event) => onSku(sku.index, { stock: event.target.value })}
          className="min-h-11 w-24 rounded-md border border-gray-300 px-2 read-only:bg-gray-100 focus:outline-2 focus:outline-gray-900"
        />
      ),
    },
  ];
  return (
    <DataTable
      caption={`SKUs: ${draft.skus.length}`}
      minWidth="min-w-[480px]"
      headerCellClassName=""
      columns={columns}
      rows={draft.skus.map((sku, index) => ({ ...sku, index }))}
      rowKey={(sku) => pairKey(sku.color, sku.size)}
    />
  );
}

/** The product's colours and sizes, and the SKU of each pair with its price and stock. */
export function SkuFields({
  draft,
  errors,
  mayStock,
  onValues,
  onSku,
}: {
  draft: Draft;
  errors: Record<string, string>;
  mayStock: boolean;
  onValues: (key: 'colors' | 'sizes', values: string[]) => void;
  onSku: (index: number, patch: Partial<SkuDraft>) => void;
}) {
  const skuError = skuErrorOf(errors);
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4">
      <legend className="px-1 text-lg font-semibold text-gray-900">Colours, sizes and stock</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <ValueList label="Colours" values={draft.colors} max={COLOR_NAME_MAX} onChange={(v) => onValues('colors', v)} />
        <ValueList label="Sizes" values={draft.sizes} max={SIZE_NAME_MAX} onChange={(v) => onValues('sizes', v)} />
      </div>
      {skuError ? (
        <p role="alert" className="text-sm text-red-700">
          {skuError}
        </p>
      ) : null}
      {!mayStock ? (
        <p className="text-sm text-gray-600">Your role does not change stock: the figures are shown as they are.</p>
      ) : null}
      {draft.skus.length === 0 ? (
        <p className="text-sm text-gray-600">Add at least one colour and one size: each pair is a SKU.</p>
      ) : (
        <SkuTable draft={draft} mayStock={mayStock} onSku={onSku} />
      )}
    </fieldset>
  );
}
