import type { TCartItem } from '@shop/contracts/cart';
import { CART_LINE_MAX, specLabel } from '@shop/contracts/cart-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { Price } from '../../components/product/price';
import { cx, focusRing } from '../../lib/cx';
import { productPath } from '../../lib/seo';
import { notify } from '../../lib/toast';
import { LinePhoto } from './order-parts';

export type BagActions = {
  update: (id: number, num: number) => Promise<{ ok: boolean; message: string; cancelled?: boolean }>;
  remove: (id: number) => Promise<{ ok: boolean; message: string; cancelled?: boolean }>;
};

const stepClass = cx(
  'inline-flex size-11 items-center justify-center text-lg text-gray-900 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent',
  focusRing,
);

/** One bag line on /order: photo, name, colour and size, price, quantity stepper, remove. */
function BagLine({ item, actions }: { item: TCartItem; actions: BagActions }) {
  const [busy, setBusy] = useState<'update' | 'remove' | null>(null);
  const variant = specLabel(item.sku.spec) || item.sku.spec;
  const max = Math.max(1, Math.min(item.sku.stock, CART_LINE_MAX));
  const reduced = item.sku.max_origin_price > item.sku.price;
  const short = item.sku.stock < item.num;
  const label = `${item.goods.name}${variant ? `, ${variant}` : ''}`;

  const change = async (num: number) => {
    setBusy('update');
    try {
      await actions.update(item.id, num);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      const outcome = await actions.remove(item.id);
      // a refusal was already shown by the bag's store
      if (outcome.ok) void notify.success(`${item.goods.name} was removed from your bag`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <li data-testid="bag-line" className="flex gap-3 py-4 sm:gap-4" aria-busy={busy !== null || undefined}>
      <LinePhoto image={item.sku.image} className="h-[107px] w-20" />
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
        <div className="flex items-start justify-between gap-3">
          <Link
            to={productPath(item.goods.url)}
            className={cx('line-clamp-2 font-medium text-gray-950 underline-offset-4 hover:underline', focusRing)}
          >
            {item.goods.name}
          </Link>
          <p className="shrink-0 font-semibold text-gray-950">
            <span className="sr-only">Line total:</span>
            <Price usd={item.total} />
          </p>
        </div>
        {variant ? <p className="text-gray-700">{variant}</p> : null}
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="sr-only">{reduced ? 'Sale price:' : 'Price:'}</span>
          <Price usd={item.sku.price} className={reduced ? 'text-sale' : 'text-gray-900'} />
          {reduced ? (
            <s className="text-xs text-gray-600">
              <span className="sr-only">Original price:</span>
              <Price usd={item.sku.max_origin_price} />
            </s>
          ) : null}
        </p>
        {short ? (
          <p className="text-sm text-red-700">
            {item.sku.stock > 0 ? `Only ${item.sku.stock} left in stock` : 'This item is sold out'}
          </p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <fieldset className="inline-flex items-center rounded-md border border-gray-300" disabled={busy !== null}>
            <legend className="sr-only">Quantity of {label}</legend>
            <button
              type="button"
              aria-label={`Decrease quantity of ${label}`}
              disabled={item.num <= 1}
              onClick={() => void change(item.num - 1)}
              className={cx(stepClass, 'rounded-l-md')}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output aria-live="polite" className="w-12 text-center text-sm tabular-nums" data-testid="bag-line-quantity">
              <span className="sr-only">Quantity: </span>
              {item.num}
            </output>
            <button
              type="button"
              aria-label={`Increase quantity of ${label}`}
              disabled={item.num >= max}
              onClick={() => void change(item.num + 1)}
              className={cx(stepClass, 'rounded-r-md')}
            >
              <span aria-hidden="true">+</span>
            </button>
          </fieldset>
          <button
            type="button"
            onClick={() => void remove()}
            disabled={busy !== null}
            className={cx(
              'inline-flex min-h-11 items-center px-1 text-sm text-gray-800 underline underline-offset-4 hover:text-gray-950 disabled:text-gray-400',
              focusRing,
            )}
          >
            Remove<span className="sr-only"> {label}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

/** The bag's lines on /order, newest first, each with its stepper and remove button. */
export function BagLines({ items, actions }: { items: readonly TCartItem[]; actions: BagActions }) {
  return (
    <ul className="divide-y divide-gray-100">
      {items.map((item) => (
        <BagLine key={item.id} item={item} actions={actions} />
      ))}
    </ul>
  );
}
