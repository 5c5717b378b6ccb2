import { CODE_OK } from '@shop/contracts';
import type { TGoodsDetail } from '@shop/contracts/catalog';
import { Dialog } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_IMAGE_SIZE } from '../../components/product/product-card';
import { ProductImage } from '../../components/product/product-image';
import { Skeleton } from '../../components/ui/skeleton';
import { api, isCancelled } from '../../lib/api';
import { cx, focusRing } from '../../lib/cx';
import { productPath } from '../../lib/seo';
import { choiceSearch, colourImage, defaultChoice, findSku, type SkuChoice } from './choice';
import { AddToBag, ProductPrice } from './purchase';
import { useReturnFocus } from './return-focus';
import { SkuPicker } from './sku-picker';

export type QuickViewProps = {
  /** the product to show (its url slug); null keeps the dialog closed */
  productUrl: string | null;
  onClose: () => void;
};

const DETAIL_PATH = '/shop/goods/detail';

type Load =
  | { status: 'loading'; url: string }
  | { status: 'failed'; url: string }
  | { status: 'ready'; url: string; product: TGoodsDetail };

/**
 * spec 2 "Product carousel: a quick view exists": a product's photo, name, price and colour and size
 * pickers in a dialog over the listing, with a link to the full page. The product is loaded when
 * the dialog opens (GET /shop/goods/detail).
 */
export function QuickView({ productUrl, onClose }: QuickViewProps) {
  const [load, setLoad] = useState<Load | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [lastUrl, setLastUrl] = useState(productUrl);
  // the url stays while the dialog closes, so its content does not vanish mid-animation
  if (productUrl !== null && productUrl !== lastUrl) setLastUrl(productUrl);
  const shownUrl = productUrl ?? lastUrl;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the same product again after a failure
  useEffect(() => {
    if (productUrl === null) return;
    let active = true;
    // the same product opened again stays on screen while it is fetched afresh
    setLoad((current) =>
      current?.status === 'ready' && current.url === productUrl ? current : { status: 'loading', url: productUrl },
    );
    api
      .get<TGoodsDetail>(DETAIL_PATH, { query: { url: productUrl }, silent: true })
      .then((envelope) => {
        if (!active) return;
        setLoad(
          envelope.code === CODE_OK && envelope.result
            ? { status: 'ready', url: productUrl, product: envelope.result }
            : { status: 'failed', url: productUrl },
        );
      })
      .catch((error: unknown) => {
        if (active && !isCancelled(error)) setLoad({ status: 'failed', url: productUrl });
      });
    return () => {
      active = false;
    };
  }, [productUrl, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const focus = useReturnFocus();
  const current = load && load.url === shownUrl ? load : null;

  return (
    <Dialog.Root
      open={productUrl !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/60 animate-fade-in" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-4 shadow-xl outline-none animate-fade-in md:inset-x-auto md:top-1/2 md:bottom-auto md:left-1/2 md:w-[min(56rem,calc(100vw-4rem))] md:-translate-x-1/2 md:-translate-y-1/2 md:rounded-2xl md:p-6"
          aria-describedby={undefined}
          {...focus}
        >
          <Dialog.Close
            className={cx(
              'absolute top-2 right-2 z-10 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-gray-950 hover:bg-gray-100',
              focusRing,
            )}
          >
            <span className="sr-only">Close</span>
            <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" />
            </svg>
          </Dialog.Close>
          {current?.status === 'ready' ? (
            <QuickViewProduct key={current.product.id} product={current.product} onLeave={onClose} />
          ) : current?.status === 'failed' ? (
            <div role="alert" className="flex flex-col items-center gap-4 px-4 py-12 text-center">
              <Dialog.Title className="text-lg font-semibold text-gray-950">We couldn’t load this product</Dialog.Title>
              <p className="text-sm text-gray-700">Check your connection and try again.</p>
              <button
                type="button"
                onClick={retry}
                className={cx(
                  'inline-flex min-h-11 items-center rounded-full bg-gray-900 px-6 text-sm font-semibold text-white hover:bg-gray-700',
                  focusRing,
                )}
              >
                Try again
              </button>
            </div>
          ) : (
            <QuickViewSkeleton />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function QuickViewSkeleton() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Dialog.Title className="sr-only">Loading product</Dialog.Title>
      <span role="status" className="sr-only">
        Loading product
      </span>
      <Skeleton className="aspect-[3/4] w-full" />
      <div aria-hidden="true" className="flex flex-col gap-4 pt-8">
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-7 w-1/3" />
        <div className="mt-4 flex gap-2">
          <Skeleton className="size-11 rounded-full" />
          <Skeleton className="size-11 rounded-full" />
          <Skeleton className="size-11 rounded-full" />
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-11 w-14" />
          <Skeleton className="h-11 w-14" />
          <Skeleton className="h-11 w-14" />
        </div>
        <Skeleton className="mt-4 h-12 w-full rounded-full" />
      </div>
    </div>
  );
}

function QuickViewProduct({ product, onLeave }: { product: TGoodsDetail; onLeave: () => void }) {
  const [choice, setChoice] = useState<SkuChoice>(() => defaultChoice(product));
  const sku = findSku(product, choice);
  const colour = product.colors.find((candidate) => candidate.id === choice.colorId);
  const photo = colourImage(product, choice.colorId) ?? product.images[0];

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div className="relative aspect-[3/4] overflow-hidden rounded-md bg-gray-100">
        {photo ? (
          <ProductImage
            url={photo}
            alt={`${product.name}${colour ? `, ${colour.name}` : ''}`}
            {...PRODUCT_IMAGE_SIZE}
            sizes="(min-width: 768px) 420px, 100vw"
            eager
            className="absolute inset-0 size-full"
          />
        ) : null}
      </div>
      <div className="flex flex-col md:pt-6">
        <Dialog.Title className="pr-10 font-display text-2xl leading-tight text-gray-950 md:text-3xl">
          {product.name}
        </Dialog.Title>
        <ProductPrice product={product} sku={sku} className="mt-3" />
        <SkuPicker product={product} choice={choice} onChoose={setChoice} className="mt-5" />
        <AddToBag product={product} choice={choice} onAdded={onLeave} className="mt-2" />
        <Link
          to={`${productPath(product.url)}${choiceSearch(product, choice)}`}
          onClick={onLeave}
          className={cx(
            'mt-4 inline-flex min-h-11 items-center justify-center self-center text-sm font-semibold text-gray-950 underline underline-offset-4 hover:text-gray-700',
            focusRing,
          )}
        >
          View full details
        </Link>
      </div>
    </div>
  );
}
