import type { TGoodsListItem } from '@shop/contracts/catalog';
import { originPrice } from '@shop/contracts/pricing';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cx, focusRing } from '../../lib/cx';
import { useHydrated } from '../../lib/forms';
import { productPath } from '../../lib/seo';
import { DiscountBadge } from './discount-badge';
import { FavouriteHeart } from './favourite-heart';
import { SalePrice } from './price';
import { ProductImage } from './product-image';

/**
 * What a card shows of a product: spec 3 "Goods (listing)", and the carousel product's own `image`
 * and `hoverImage` when it has them (else images[0] and images[1]).
 */
export type ProductCardItem = Pick<
  TGoodsListItem,
  'id' | 'name' | 'url' | 'min_price' | 'max_origin_price' | 'discount' | 'discount_enabled' | 'images' | 'is_favorited'
> &
  Partial<Pick<TGoodsListItem, 'image' | 'hoverImage'>>;

/** The intrinsic size of a product photo (3:4 portrait); the card's box keeps this ratio. */
export const PRODUCT_IMAGE_SIZE = { width: 600, height: 800 } as const;

/** What a card occupies per breakpoint in a 2/3/4/6-column row, for choosing the image's width. */
export const PRODUCT_CARD_SIZES = '(min-width: 1200px) 16vw, (min-width: 992px) 25vw, (min-width: 768px) 33vw, 50vw';

/**
 * The price struck through beside a discounted price: the listing's highest original price when it
 * is above the shown price, else the shown price before the discount (spec 9 "Prices").
 */
export function originalPrice(product: Pick<ProductCardItem, 'min_price' | 'max_origin_price' | 'discount'>): number | null {
  const price = product.min_price;
  if (!Number.isFinite(price)) return null;
  if (Number.isFinite(product.max_origin_price) && product.max_origin_price > price) return product.max_origin_price;
  const computed = originPrice(price, product.discount);
  return computed > price ? computed : null;
}

export type ProductCardProps = {
  product: ProductCardItem;
  /** the first product image above the fold: loaded at once, not lazily */
  eager?: boolean;
  /** fill the parent's height (a carousel row) instead of keeping the photo's 3:4 ratio */
  fill?: boolean;
  /** the image's rendered width per breakpoint; defaults to a 2/3/4/6-column row */
  sizes?: string;
  /** shows a "Quick view" button that calls this instead of leaving the page */
  onQuickView?: (product: ProductCardItem) => void;
  /** adds or removes the product from the wishlist; resolves true on success (spec 4) */
  onToggleFavourite?: (product: ProductCardItem, next: boolean) => Promise<boolean> | boolean;
  className?: string;
};

/**
 * spec 2 "Product carousel" item: photo (a second photo on hover), name, price, the original price
 * struck through when discounted, the discount badge and the favourite heart. The whole card links
 * to the product page; the heart and the quick view sit above that link.
 */
export function ProductCard({
  product,
  eager,
  fill,
  sizes = PRODUCT_CARD_SIZES,
  onQuickView,
  onToggleFavourite,
  className,
}: ProductCardProps) {
  const nameId = useId();
  // The second photo is fetched on the first mouse hover: most cards are never hovered, and touch
  // screens have no hover at all.
  const [wantsHover, setWantsHover] = useState(false);
  const primary = product.image || product.images[0];
  const hover = product.hoverImage || product.images[1];
  const discounted = Boolean(product.discount_enabled) && product.discount > 0;
  const original = discounted ? originalPrice(product) : null;

  return (
    <article
      className={cx('group relative flex flex-col', fill ? 'h-full' : undefined, className)}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setWantsHover(true);
      }}
    >
      <div className={cx('relative overflow-hidden rounded-md bg-gray-100', fill ? 'min-h-0 flex-1' : 'aspect-[3/4]')}>
        {primary ? (
          <ProductImage
            url={primary}
            alt={product.name}
            {...PRODUCT_IMAGE_SIZE}
            sizes={sizes}
            eager={eager}
            className="absolute inset-0 size-full"
          />
        ) : (
          <span
            aria-hidden="true"
            className="absolute inset-0 flex items-center justify-center font-display text-4xl text-gray-400"
          >
            {product.name.charAt(0).toUpperCase()}
          </span>
        )}
        {wantsHover && hover && hover !== primary ? (
          <ProductImage
            url={hover}
            alt=""
            aria-hidden
            {...PRODUCT_IMAGE_SIZE}
            sizes={sizes}
            className="absolute inset-0 size-full opacity-0 transition-opacity duration-300 group-hover:opacity-100 motion-reduce:transition-none"
          />
        ) : null}
        {discounted ? <DiscountBadge discount={product.discount} className="absolute top-2 left-2" /> : null}
        <FavouriteHeart
          goodsId={product.id}
          favourited={Boolean(product.is_favorited)}
          onToggle={onToggleFavourite ? (next) => onToggleFavourite(product, next) : undefined}
          describedBy={nameId}
          className="absolute top-1.5 right-1.5 z-10"
        />
        {onQuickView ? <QuickViewButton describedBy={nameId} onClick={() => onQuickView(product)} /> : null}
      </div>
      <h3 id={nameId} className="mt-2 line-clamp-2 text-sm leading-snug text-gray-900">
        <Link
          to={productPath(product.url)}
          className={`after:absolute after:inset-0 after:rounded-md hover:underline ${focusRing} underline-offset-4`}
        >
          {product.name}
        </Link>
      </h3>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
        <SalePrice usd={product.min_price} original={original} />
      </p>
    </article>
  );
}

/**
 * The card's "Quick view": disabled until its part of the page is hydrated (a lazily loaded
 * carousel hydrates after the page), so a tap never lands on a button that cannot answer yet. Its
 * own component, so that only it draws again once hydrated.
 */
function QuickViewButton({ describedBy, onClick }: { describedBy: string; onClick: () => void }) {
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      aria-describedby={describedBy}
      disabled={!hydrated}
      onClick={onClick}
      className={`absolute inset-x-2 bottom-2 z-10 min-h-10 rounded-full bg-white/95 text-xs font-semibold tracking-[0.12em] text-gray-950 uppercase shadow-sm transition-opacity hover:bg-white ${focusRing} disabled:cursor-progress motion-reduce:transition-none [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-focus-within:opacity-100 [@media(hover:hover)]:group-hover:opacity-100`}
    >
      Quick view
    </button>
  );
}
