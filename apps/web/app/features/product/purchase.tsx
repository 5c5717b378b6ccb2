import { CartMessages } from '@shop/contracts/cart-rules';
import type { TGoodsDetail, TGoodsSku } from '@shop/contracts/catalog';
import { useId, useState } from 'react';
import { DiscountBadge } from '../../components/product/discount-badge';
import { Price } from '../../components/product/price';
import { originalPrice } from '../../components/product/product-card';
import { cx, focusRing } from '../../lib/cx';
import { useHydrated } from '../../lib/forms';
import { type AddRequest, addToCart } from '../cart';
import { type ChoosableProduct, findSku, pricesVary, type SkuChoice } from './choice';

export const ADD_TO_BAG_TEXT = 'Add to bag';

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
 * Given `value` and `onChange`, the page keeps the quantity (for the bag); otherwise the stepper does.
 */
export function QuantityStepper({
  max,
  value,
  onChange,
  className,
}: {
  max: number;
  value?: number;
  onChange?: (quantity: number) => void;
  className?: string;
}) {
  const inputId = useId();
  const disabled = max < 1;
  const [own, setOwn] = useState(1);
  const quantity = value ?? own;
  const setQuantity = (next: number) => (onChange ? onChange(next) : setOwn(next));
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

/** What the bag needs of a product to add one of its SKUs. */
export type BaggableProduct = ChoosableProduct & Pick<TGoodsDetail, 'id' | 'name' | 'url' | 'images'>;

/** Why the choice cannot go in the bag yet, or null when it can (spec 4 "Cart": clear messages). */
export function choiceProblem(product: BaggableProduct, choice: SkuChoice): string | null {
  if (product.colors.length > 0 && choice.colorId === null) return CartMessages.chooseColour;
  const sku = findSku(product, choice);
  if (!sku) return product.sizes.length > 0 && choice.sizeId === null ? CartMessages.chooseSize : CartMessages.skuUnknown;
  return sku.stock <= 0 ? CartMessages.soldOut : null;
}

/** The bag's line for a SKU of the product, as the page shows it now. */
export function bagRequest(product: BaggableProduct, sku: TGoodsSku, num: number): AddRequest {
  return {
    goods: { id: product.id, name: product.name, url: product.url },
    sku: {
      id: sku.id,
      image: sku.image || product.images[0] || '',
      price: sku.price,
      max_origin_price: Math.max(sku.origin_price, sku.price),
      spec: sku.spec,
      stock: sku.stock,
    },
    num,
  };
}

type Said = { kind: 'added' | 'problem'; text: string } | null;

/**
 * spec 4 "Cart": the add-to-bag button of the product page and the quick view. It says why the
 * choice cannot be added (no size, sold out, not enough left), shows that it is working, and on
 * success the header's bag opens briefly. It works once the page is interactive (the bag lives in
 * the browser or behind the shopper's token).
 */
export function AddToBag({
  product,
  choice,
  quantity = 1,
  onAdded,
  className,
}: {
  product: BaggableProduct;
  choice: SkuChoice;
  quantity?: number;
  /** after a successful add (the quick view closes, so the header's bag can be seen) */
  onAdded?: () => void;
  className?: string;
}) {
  const hydrated = useHydrated();
  const statusId = useId();
  const problemId = useId();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said>(null);
  const sku = findSku(product, choice);
  // a new choice starts without the last one's message
  const [saidFor, setSaidFor] = useState(sku?.id);
  if (saidFor !== sku?.id) {
    setSaidFor(sku?.id);
    setSaid(null);
  }

  const add = async () => {
    if (busy) return;
    const problem = choiceProblem(product, choice);
    if (problem || !sku) {
      setSaid({ kind: 'problem', text: problem ?? CartMessages.skuUnknown });
      return;
    }
    setBusy(true);
    setSaid(null);
    try {
      const outcome = await addToCart(bagRequest(product, sku, quantity));
      if (!outcome.cancelled) setSaid({ kind: outcome.ok ? 'added' : 'problem', text: outcome.message });
      if (outcome.ok) onAdded?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <button
        type="button"
        disabled={!hydrated}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        aria-describedby={`${statusId} ${problemId}`}
        onClick={() => void add()}
        className={`inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-gray-950 px-8 text-sm font-semibold tracking-[0.12em] text-white uppercase transition-colors hover:bg-gray-700 ${focusRing} disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700 aria-busy:cursor-wait`}
      >
        {busy ? (
          <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
        ) : null}
        {ADD_TO_BAG_TEXT}
      </button>
      <div className="min-h-5 text-center text-sm">
        <p id={statusId} role="status" className="text-gray-700">
          {busy ? 'Adding to your bag…' : said?.kind === 'added' ? said.text : ''}
        </p>
        <p id={problemId} role="alert" className="font-semibold text-sale">
          {said?.kind === 'problem' ? said.text : ''}
        </p>
      </div>
    </div>
  );
}
