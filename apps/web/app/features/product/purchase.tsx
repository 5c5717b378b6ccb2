import type { TGoodsDetail, TGoodsSku } from '@shop/contracts/catalog';
import { useId, useState } from 'react';
import { DiscountBadge } from '../../components/product/discount-badge';
import { Price } from '../../components/product/price';
import { originalPrice } from '../../components/product/product-card';
import { cx } from '../../lib/cx';
import { pricesVary } from './choice';

export const ADD_TO_BAG_TEXT = 'Add to bag';
export const ORDERING_NOTE = 'Ordering opens soon';

type PricedProduct = Pick<TGoodsDetail, 'min_price' | 'max_origin_price' | 'discount' | 'discount_enabled' | 'skus'>;

/**
 * The price of the chosen SKU (or the lowest price before a choice, 'From' when the SKUs differ),
 * in the shopper's currency, with the original price struck through and the discount badge when
 * the product is on sale (spec 9 "Prices").
 */
export function ProductPrice({
  product,
  sku,
  className,
}: {
  product: PricedProduct;
  sku: TGoodsSku | undefined;
  className?: string;
}) {
  const onSale = Boolean(product.discount_enabled) && product.discount > 0;
  const price = sku ? sku.price : product.min_price;
  const original = !onSale ? null : sku ? (sku.origin_price > sku.price ? sku.origin_price : null) : originalPrice(product);
  const from = !sku && pricesVary(product);
  return (
    <p data-testid="product-price" className={cx('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      {from ? <span className="text-sm text-gray-700">From</span> : null}
      <span className="sr-only">{original === null ? 'Price:' : 'Sale price:'}</span>
      <Price usd={price} className={cx('text-2xl font-semibold', original === null ? 'text-gray-950' : 'text-sale')} />
      {original !== null ? (
        <s className="text-base text-gray-600">
          <span className="sr-only">Original price:</span>
          <Price usd={original} />
        </s>
      ) : null}
      {onSale ? <DiscountBadge discount={product.discount} className="text-sm" /> : null}
    </p>
  );
}

/**
 * The quantity of the chosen SKU, from 1 to its stock. Without a SKU (or without stock) there is
 * nothing to count and the stepper is disabled. Without JavaScript the number field still works.
 */
export function QuantityStepper({ max, className }: { max: number; className?: string }) {
  const inputId = useId();
  const disabled = max < 1;
  const [quantity, setQuantity] = useState(1);
  const [draft, setDraft] = useState<string | null>(null);
  const clamp = (value: number) => Math.min(Math.max(Math.trunc(value), 1), Math.max(max, 1));
  const shown = clamp(quantity);
  const stepClass =
    'inline-flex size-11 items-center justify-center text-lg text-gray-900 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent';

  return (
    <fieldset className={className}>
      <legend className="text-sm text-gray-700">Quantity</legend>
      <div className="mt-2 inline-flex items-center rounded-md border border-gray-300">
        <button
          type="button"
          aria-label="Decrease quantity"
          aria-controls={inputId}
          disabled={disabled || shown <= 1}
          onClick={() => setQuantity(shown - 1)}
          className={cx(stepClass, 'rounded-l-md')}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={inputId}
          aria-label="Quantity"
          type="number"
          inputMode="numeric"
          name="quantity"
          min={1}
          max={Math.max(max, 1)}
          step={1}
          disabled={disabled}
          value={draft ?? String(shown)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => {
            const typed = Number(draft);
            if (draft !== null && Number.isFinite(typed) && draft.trim() !== '') setQuantity(clamp(typed));
            setDraft(null);
          }}
          className="h-11 w-14 border-x border-gray-300 text-center text-sm tabular-nums [appearance:textfield] disabled:bg-gray-50 disabled:text-gray-500 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          aria-controls={inputId}
          disabled={disabled || shown >= max}
          onClick={() => setQuantity(shown + 1)}
          className={cx(stepClass, 'rounded-r-md')}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </fieldset>
  );
}

/**
 * The add-to-bag button while the bag does not exist yet: visibly disabled, with the reason beside
 * it (and read with it), so that nobody believes an item was added.
 */
export function AddToBag({ className }: { className?: string }) {
  const noteId = useId();
  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <button
        type="button"
        disabled
        aria-describedby={noteId}
        className="inline-flex min-h-12 w-full cursor-not-allowed items-center justify-center rounded-full bg-gray-300 px-8 text-sm font-semibold tracking-[0.12em] text-gray-700 uppercase"
      >
        {ADD_TO_BAG_TEXT}
      </button>
      <p id={noteId} className="text-center text-sm text-gray-700">
        {ORDERING_NOTE}
      </p>
    </div>
  );
}
