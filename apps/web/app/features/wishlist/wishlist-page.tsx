import { Messages } from '@shop/contracts';
import type { TWishlistItem } from '@shop/contracts/wishlist';
import { WishlistMessages } from '@shop/contracts/wishlist-rules';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DiscountBadge } from '../../components/product/discount-badge';
import { SalePrice } from '../../components/product/price';
import { originalPrice, PRODUCT_CARD_SIZES, PRODUCT_IMAGE_SIZE } from '../../components/product/product-card';
import { ProductImage } from '../../components/product/product-image';
import { ContinueShoppingEmpty } from '../../components/ui/continue-shopping';
import { Skeleton } from '../../components/ui/skeleton';
import { focusRing } from '../../lib/cx';
import { productPath } from '../../lib/seo';
import { useWishlist } from './wishlist-store';

/**
 * /ShoppingListMain/MyWishlist (spec 2, guarded): the shopper's favourites, newest first, each with
 * its photo, name, price and a Remove button; 'Oops Your Wishlist is empty!' when there are none.
 */
export function WishlistPage() {
  const wishlist = useWishlist();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  // after a removal the keyboard continues on the next product (or the heading when none is left)
  const [focusAfter, setFocusAfter] = useState<number | null>(null);
  const linkRefs = useRef(new Map<number, HTMLAnchorElement>());

  useEffect(() => {
    if (focusAfter === null) return;
    const next = wishlist.items[focusAfter] ?? wishlist.items[focusAfter - 1];
    const target = next ? linkRefs.current.get(next.id) : null;
    (target ?? headingRef.current)?.focus();
    setFocusAfter(null);
  }, [focusAfter, wishlist.items]);

  const remove = async (item: TWishlistItem, at: number) => {
    setRemoving(item.id);
    setSaid('');
    try {
      if (await wishlist.remove(item)) {
        setSaid(`${item.name}: ${WishlistMessages.removed.toLowerCase()}`);
        setFocusAfter(at);
      }
    } finally {
      setRemoving(null);
    }
  };

  const header = (
    <header>
      <p className="text-sm uppercase tracking-widest text-gray-600">My Account</p>
      <h1 ref={headingRef} id={headingId} tabIndex={-1} className="mt-1 text-2xl font-semibold outline-none md:text-3xl">
        My Wishlist
      </h1>
    </header>
  );

  let body: React.ReactNode;
  if (wishlist.status === 'failed') {
    body = (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-6">
        <p className="font-semibold text-red-900">We couldn’t load your wishlist</p>
        <p className="mt-2 text-sm text-red-800">Check your connection and try again.</p>
        <button
          type="button"
          onClick={() => void wishlist.refresh()}
          className={`mt-4 inline-flex min-h-11 items-center rounded-full bg-gray-900 px-6 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
        >
          Try again
        </button>
      </div>
    );
  } else if (wishlist.status !== 'ready') {
    body = (
      <>
        <span role="status" className="sr-only">
          Loading your wishlist
        </span>
        <ul aria-hidden="true" className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((cell) => (
            <li key={cell} className="flex flex-col gap-2">
              <Skeleton className="aspect-[3/4] w-full" />
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-4 w-1/3" />
            </li>
          ))}
        </ul>
      </>
    );
  } else if (wishlist.items.length === 0) {
    body = (
      <ContinueShoppingEmpty
        title={Messages.emptyWishlist}
        hint="Tap the heart on anything you like and it will wait for you here."
      />
    );
  } else {
    body = (
      <>
        <p className="text-sm text-gray-700">
          {wishlist.total === 1
            ? '1 product'
            : wishlist.total > wishlist.items.length
              ? `The newest ${wishlist.items.length} of ${wishlist.total} products`
              : `${wishlist.total} products`}
        </p>
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
          {wishlist.items.map((item, at) => (
            <WishlistCard
              key={item.id}
              item={item}
              eager={at < 2}
              busy={removing === item.id}
              linkRef={(element) => {
                if (element) linkRefs.current.set(item.id, element);
                else linkRefs.current.delete(item.id);
              }}
              onRemove={() => void remove(item, at)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      {header}
      <p role="status" className="sr-only">
        {said}
      </p>
      {body}
    </section>
  );
}

function WishlistCard({
  item,
  eager,
  busy,
  linkRef,
  onRemove,
}: {
  item: TWishlistItem;
  eager: boolean;
  busy: boolean;
  linkRef: (element: HTMLAnchorElement | null) => void;
  onRemove: () => void;
}) {
  const nameId = useId();
  const onSale = Boolean(item.discount_enabled) && item.discount > 0;
  const original = onSale ? originalPrice(item) : null;
  const photo = item.images[0];
  return (
    <li className="flex flex-col">
      <div className="relative aspect-[3/4] overflow-hidden rounded-md bg-gray-100">
        {photo ? (
          <ProductImage
            url={photo}
            alt=""
            {...PRODUCT_IMAGE_SIZE}
            sizes={PRODUCT_CARD_SIZES}
            eager={eager}
            className="absolute inset-0 size-full"
          />
        ) : null}
        {onSale ? <DiscountBadge discount={item.discount} className="absolute top-2 left-2" /> : null}
      </div>
      <h2 id={nameId} className="mt-2 line-clamp-2 text-sm leading-snug text-gray-900">
        <Link ref={linkRef} to={productPath(item.url)} className={`underline-offset-4 hover:underline ${focusRing}`}>
          {item.name}
        </Link>
      </h2>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
        <SalePrice usd={item.min_price} original={original} />
      </p>
      <button
        type="button"
        onClick={onRemove}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby={nameId}
        className={`mt-2 inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-full border border-gray-300 px-5 text-sm font-semibold text-gray-950 hover:border-gray-950 disabled:cursor-wait disabled:text-gray-500 ${focusRing}`}
      >
        {busy ? (
          <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
        ) : null}
        Remove
      </button>
    </li>
  );
}
