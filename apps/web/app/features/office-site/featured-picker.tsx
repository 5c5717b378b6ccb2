import type { TGoodsListing } from '@shop/contracts/catalog';
import { resizedImageUrl } from '@shop/contracts/images';
import type { THomeFeaturedProduct } from '@shop/contracts/site';
import { featuredProduct, HOME_FEATURED_MAX } from '@shop/contracts/site-admin-rules';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { moveItem } from '../../lib/move-item';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';

/** The products chosen, in order, each moved up or removed; removing the last one goes back to the best sellers. */
function ChosenProducts({
  chosen,
  onChange,
  onBestSellers,
}: {
  chosen: THomeFeaturedProduct[];
  onChange: (products: THomeFeaturedProduct[], automatic: boolean) => void;
  onBestSellers: () => void;
}) {
  return (
    <>
      <ol className="mt-2 flex flex-col gap-2">
        {chosen.map((product, index) => (
          <li key={product.id} className="flex items-center gap-3 rounded-md border border-gray-200 p-2">
            {product.images[0] ? (
              <img src={resizedImageUrl(product.images[0], 80)} alt="" className="size-12 rounded object-cover" />
            ) : null}
            <span className="min-w-0 flex-1 truncate text-sm text-gray-900">{product.name}</span>
            <Button variant="ghost" disabled={index === 0} onClick={() => onChange(moveItem(chosen, index, -1), false)}>
              Up<span className="sr-only"> {product.name}</span>
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                const next = chosen.filter((other) => other.id !== product.id);
                if (next.length === 0) onBestSellers();
                else onChange(next, false);
              }}
            >
              Remove<span className="sr-only"> {product.name}</span>
            </Button>
          </li>
        ))}
      </ol>
      <Button variant="link" className="mt-2" onClick={onBestSellers}>
        Show the best sellers instead
      </Button>
    </>
  );
}

/** Finds products on sale by name; each found one is featured by its button (until the block is full). */
function ProductFinder({ chosen, onAdd }: { chosen: THomeFeaturedProduct[]; onAdd: (product: THomeFeaturedProduct) => void }) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const results = useLoad(searched === null ? null : `goods-${searched}`, () =>
    staffApi.get<TGoodsListing>('/shop/goods', { query: { name: searched ?? '', page: 1, page_size: 8 }, silent: true }),
  );
  const full = chosen.length >= HOME_FEATURED_MAX;
  return (
    <>
      {/* inside the page's form: Enter searches instead of saving */}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Field
          id={searchId}
          type="search"
          label="Find a product to feature"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            setSearched(query.trim());
          }}
          className="min-w-0 flex-1"
        />
        <Button variant="secondary" onClick={() => setSearched(query.trim())}>
          Search
        </Button>
      </div>
      {searched === null ? null : results.load.status === 'loading' ? (
        <p className="mt-2 text-sm text-gray-600" role="status">
          Searching…
        </p>
      ) : results.load.status !== 'ready' ? (
        <div className="mt-2">
          <p role="alert" className="text-sm text-red-800">
            The search failed.
          </p>
          <Button variant="secondary" onClick={results.retry} className="mt-1">
            Try again
          </Button>
        </div>
      ) : results.load.value.data.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No product on sale matches “{searched}”.</p>
      ) : (
        <ul aria-label="Products found" className="mt-2 flex flex-col gap-2">
          {results.load.value.data.map((goods) => {
            const taken = chosen.some((product) => product.id === goods.id);
            return (
              <li key={goods.id} className="flex items-center gap-3">
                {goods.image ? (
                  <img src={resizedImageUrl(goods.image, 80)} alt="" className="size-12 rounded object-cover" />
                ) : null}
                <span className="min-w-0 flex-1 truncate text-sm text-gray-900">{goods.name}</span>
                <Button variant="secondary" disabled={taken || full} onClick={() => onAdd(featuredProduct(goods))}>
                  {taken ? 'Featured' : 'Feature'}
                  <span className="sr-only"> {goods.name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** The recommendation block's products: the best sellers, or the ones chosen here by search. */
export function FeaturedPicker({
  products,
  automatic,
  error,
  onChange,
  onBestSellers,
}: {
  products: THomeFeaturedProduct[];
  automatic: boolean;
  error?: string;
  onChange: (products: THomeFeaturedProduct[], automatic: boolean) => void;
  onBestSellers: () => void;
}) {
  const chosen = automatic ? [] : products;
  return (
    <fieldset className="mt-4 rounded-lg border border-gray-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-gray-900">Featured products</legend>
      <p className="text-xs text-gray-600">
        The recommendation carousel, up to {HOME_FEATURED_MAX} products on sale. With none chosen it shows the category’s best
        sellers.
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {automatic ? (
        <p className="mt-2 text-sm text-gray-800">Showing the best sellers. Add a product to choose them yourself.</p>
      ) : (
        <ChosenProducts chosen={chosen} onChange={onChange} onBestSellers={onBestSellers} />
      )}
      <ProductFinder chosen={chosen} onAdd={(product) => onChange([...chosen, product], false)} />
    </fieldset>
  );
}
