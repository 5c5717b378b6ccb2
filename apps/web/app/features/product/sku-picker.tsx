import type { TGoodsDetail } from '@shop/contracts/catalog';
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { productImageSrc } from '../../components/product/product-image';
import { cx, focusRing } from '../../lib/cx';
import { useHydrated } from '../../lib/forms';
import {
  type ChoosableProduct,
  chooseColour,
  chooseSize,
  colourInStock,
  findSku,
  LOW_STOCK_MAX,
  type SkuChoice,
  skuOfSize,
} from './choice';

export type SkuPickerProps = {
  product: ChoosableProduct & Pick<TGoodsDetail, 'name'>;
  choice: SkuChoice;
  /**
   * Where each option leads (the product page: `?sku=…`). The options are then links, so the page
   * works without JavaScript; otherwise they are buttons calling `onChoose`.
   */
  hrefFor?: (next: SkuChoice) => string;
  onChoose?: (next: SkuChoice) => void;
  className?: string;
};

/**
 * Arrow keys, Home and End move among the options of a radio group that can be chosen, and choose
 * the one they reach (the WAI-ARIA radio group pattern); Tab leaves the group.
 */
function moveWithinGroup(event: KeyboardEvent<HTMLElement>) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step === undefined && event.key !== 'Home' && event.key !== 'End') return;
  const options = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]:not([aria-disabled="true"])')];
  if (options.length === 0) return;
  event.preventDefault();
  const at = options.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? options.length - 1
        : (Math.max(at, 0) + (step ?? 0) + options.length) % options.length;
  const target = options[next];
  target?.focus();
  target?.click();
}

type OptionProps = {
  checked: boolean;
  disabled: boolean;
  /** in the keyboard's path: the checked option, or the first when none is */
  tabStop: boolean;
  /** plain links and buttons until the page is interactive, a roving radio group after */
  roving: boolean;
  next: SkuChoice;
  hrefFor?: SkuPickerProps['hrefFor'];
  onChoose?: SkuPickerProps['onChoose'];
  className: string;
  title?: string;
  children: ReactNode;
};

/** One colour or size: a link to its choice (without JavaScript too), or a button. */
function Option({ checked, disabled, tabStop, roving, next, hrefFor, onChoose, className, title, children }: OptionProps) {
  const common = {
    role: 'radio',
    'aria-checked': checked,
    'aria-disabled': disabled || undefined,
    tabIndex: roving ? (tabStop && !disabled ? 0 : -1) : undefined,
    title,
    className,
  } as const;
  if (hrefFor) {
    // a sold-out size is no link at all: nothing to follow, nothing to focus
    if (disabled) return <a {...common}>{children}</a>;
    return (
      <Link {...common} to={hrefFor(next)} replace preventScrollReset onClick={() => onChoose?.(next)}>
        {children}
      </Link>
    );
  }
  return (
    <button {...common} type="button" onClick={disabled ? undefined : () => onChoose?.(next)}>
      {children}
    </button>
  );
}

/**
 * The colour swatches and the size buttons of a product, with the stock of the chosen SKU: a size
 * sold out in the chosen colour is shown struck through, said 'Sold out' and cannot be chosen;
 * 'Only N left' when few are left. One component for the product page and the quick view.
 */
export function SkuPicker({ product, choice, hrefFor, onChoose, className }: SkuPickerProps) {
  const colourLabelId = useId();
  const sizeLabelId = useId();
  const roving = useHydrated();
  const colour = product.colors.find((candidate) => candidate.id === choice.colorId);
  const size = product.sizes.find((candidate) => candidate.id === choice.sizeId);
  const sku = findSku(product, choice);
  const colourSoldOut = colour ? !colourInStock(product, colour.id) : false;
  const firstColour = product.colors[0];
  const firstOpenSize = product.sizes.find((candidate) => (skuOfSize(product, choice.colorId, candidate.id)?.stock ?? 0) > 0);

  let status: ReactNode = null;
  if (colour && colourSoldOut) status = <span className="text-gray-700">Sold out in {colour.name}</span>;
  else if (sku && sku.stock > 0 && sku.stock <= LOW_STOCK_MAX) {
    status = <span className="font-semibold text-sale">Only {sku.stock} left</span>;
  } else if (sku && sku.stock > 0) status = <span className="text-gray-700">In stock</span>;
  else if (product.sizes.length > 0 && !size) status = <span className="text-gray-700">Please choose a size</span>;

  return (
    <div className={cx('flex flex-col gap-5', className)}>
      {product.colors.length > 0 ? (
        <div>
          <p id={colourLabelId} className="text-sm text-gray-700">
            Colour: <span className="font-semibold text-gray-950">{colour?.name ?? 'choose a colour'}</span>
          </p>
          <div
            role="radiogroup"
            aria-labelledby={colourLabelId}
            onKeyDown={roving ? moveWithinGroup : undefined}
            className="mt-2 flex flex-wrap gap-2"
          >
            {product.colors.map((candidate) => {
              const checked = candidate.id === choice.colorId;
              const soldOut = !colourInStock(product, candidate.id);
              return (
                <Option
                  key={candidate.id}
                  checked={checked}
                  disabled={false}
                  tabStop={checked || (choice.colorId === null && candidate === firstColour)}
                  roving={roving}
                  next={chooseColour(product, choice, candidate.id)}
                  hrefFor={hrefFor}
                  onChoose={onChoose}
                  title={candidate.name}
                  className={cx(
                    'relative inline-flex size-11 items-center justify-center rounded-full border-2 p-0.5 transition-colors',
                    checked ? 'border-gray-950' : 'border-transparent hover:border-gray-400',
                    focusRing,
                  )}
                >
                  {candidate.image ? (
                    <img
                      src={productImageSrc(candidate.image, 80)}
                      alt=""
                      width={36}
                      height={36}
                      loading="lazy"
                      decoding="async"
                      className={cx('size-9 rounded-full object-cover ring-1 ring-gray-200', soldOut && 'opacity-50')}
                    />
                  ) : (
                    <span aria-hidden="true" className="size-9 rounded-full bg-gray-200" />
                  )}
                  {soldOut ? (
                    <span
                      aria-hidden="true"
                      className="absolute inset-x-1 top-1/2 h-0.5 -translate-y-1/2 -rotate-45 rounded bg-gray-700"
                    />
                  ) : null}
                  <span className="sr-only">
                    {candidate.name}
                    {soldOut ? ', sold out' : ''}
                  </span>
                </Option>
              );
            })}
          </div>
        </div>
      ) : null}

      {product.sizes.length > 0 ? (
        <div>
          <p id={sizeLabelId} className="text-sm text-gray-700">
            Size: <span className="font-semibold text-gray-950">{size?.name ?? 'choose a size'}</span>
          </p>
          <div
            role="radiogroup"
            aria-labelledby={sizeLabelId}
            onKeyDown={roving ? moveWithinGroup : undefined}
            className="mt-2 flex flex-wrap gap-2"
          >
            {product.sizes.map((candidate) => {
              const checked = candidate.id === choice.sizeId;
              const candidateSku = skuOfSize(product, choice.colorId, candidate.id);
              const soldOut = (candidateSku?.stock ?? 0) <= 0;
              return (
                <Option
                  key={candidate.id}
                  checked={checked}
                  disabled={soldOut}
                  tabStop={checked || (choice.sizeId === null && candidate === firstOpenSize)}
                  roving={roving}
                  next={chooseSize(product, choice, candidate.id)}
                  hrefFor={hrefFor}
                  onChoose={onChoose}
                  className={cx(
                    'inline-flex min-h-11 min-w-14 items-center justify-center rounded-md border px-3 text-sm transition-colors',
                    soldOut
                      ? 'cursor-not-allowed border-dashed border-gray-300 text-gray-500 line-through'
                      : checked
                        ? 'border-gray-950 bg-gray-950 font-semibold text-white'
                        : 'border-gray-300 text-gray-900 hover:border-gray-950',
                    focusRing,
                  )}
                >
                  {candidate.name}
                  {soldOut ? <span className="sr-only">, {candidateSku ? 'Sold out' : 'Unavailable'}</span> : null}
                </Option>
              );
            })}
          </div>
        </div>
      ) : null}

      <p aria-live="polite" className="min-h-5 text-sm">
        {status}
      </p>
    </div>
  );
}
