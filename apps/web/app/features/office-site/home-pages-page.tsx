import { CODE_OK } from '@shop/contracts';
import type { TGoodsListing } from '@shop/contracts/catalog';
import { resizedImageUrl } from '@shop/contracts/images';
import { roleMay } from '@shop/contracts/permissions';
import type { THomeFeaturedProduct } from '@shop/contracts/site';
import type {
  TAdminHomePage,
  THomeCategoryChoice,
  THomePageSummary,
  THomeTileInput,
  THomeUploaded,
} from '@shop/contracts/site-admin';
import {
  featuredProduct,
  HOME_BANNERS_MAX,
  HOME_FEATURED_MAX,
  HOME_HOT_MAX,
  HOME_PICTURE_MAX_BYTES,
  HOME_THREE_COUNT,
  HomeAdminMessages,
  SiteAdminPaths,
} from '@shop/contracts/site-admin-rules';
import { type ComponentType, type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type Answer, failed, fieldsOf, issuesByPath } from '../../components/office/answers';
import { dateTime } from '../../components/office/date-time';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { featuredCardItem, type HomePageData, type HomeTile } from '../home';
import { NotAllowed, useOfficeStaff } from '../office';

type Row = 'big_image' | 'hot_recommend' | 'three_image';

const ROWS: ReadonlyArray<{ row: Row; title: string; hint: string; max: number; add: string }> = [
  {
    row: 'big_image',
    title: 'Big banner',
    hint: `The wide picture at the top (8:3, at least 1600 px wide looks best). 1 to ${HOME_BANNERS_MAX}; past the first they scroll sideways.`,
    max: HOME_BANNERS_MAX,
    add: 'Add a banner',
  },
  {
    row: 'hot_recommend',
    title: 'Hot recommendations',
    hint: `Square category pictures, two per row: an even number, at most ${HOME_HOT_MAX}. None hides the row.`,
    max: HOME_HOT_MAX,
    add: 'Add a hot recommendation',
  },
  {
    row: 'three_image',
    title: 'Three images',
    hint: `A row of exactly ${HOME_THREE_COUNT} pictures (8:3), or none to hide it.`,
    max: HOME_THREE_COUNT,
    add: 'Add a picture to the row',
  },
];

type Layout = Record<Row, THomeTileInput[]> & { featured: THomeFeaturedProduct[] };

/** The storefront's home page, which the route hands in as the preview (features do not import each other's pages). */
export type HomePreviewPage = ComponentType<{ data: HomePageData }>;

/** /office/home-pages: each top category's home page, edited with the storefront's page as preview (catalog.edit). */
export function HomePagesPage({ Preview }: { Preview: HomePreviewPage }) {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'catalog.edit');
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('category')) || null;
  const pages = useLoad(allowed ? 'home-pages' : null, () =>
    staffApi.get<{ data: THomePageSummary[]; total: number }>(SiteAdminPaths.homeList, { silent: true }),
  );
  const list = pages.load.status === 'ready' ? pages.load.value.data : [];
  const current = selected ?? list[0]?.id ?? null;

  if (!allowed) return <NotAllowed what="editing the home pages" />;
  return (
    <section aria-labelledby="home-pages-title">
      <h1 id="home-pages-title" className="text-2xl font-semibold text-gray-900">
        Home pages
      </h1>
      <p className="mt-1 text-sm text-gray-700">
        What each top category’s home page shows. A page you have not set is made from the catalogue (its best sellers and
        sub-categories). A saved page is live at once.
      </p>
      {pages.load.status === 'loading' ? (
        <p className="mt-4 text-sm text-gray-600" role="status">
          Loading the home pages…
        </p>
      ) : pages.load.status !== 'ready' ? (
        <div className="mt-4">
          <p role="alert" className="text-sm text-red-800">
            The home pages could not be loaded.
          </p>
          <Button variant="secondary" onClick={pages.retry} className="mt-2">
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="mt-4 rounded-lg border border-gray-200 bg-white p-6 text-gray-700">
          The catalogue has no top category yet, so there is no home page to set.
        </p>
      ) : (
        <>
          <nav aria-label="Top categories" className="mt-4">
            <ul className="flex gap-2 overflow-x-auto">
              {list.map((page) => (
                <li key={page.id}>
                  <button
                    type="button"
                    aria-current={page.id === current ? 'page' : undefined}
                    onClick={() => setParams({ category: String(page.id) })}
                    className={cx(
                      'flex min-h-11 flex-col items-start justify-center rounded-md px-3 text-left text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-gray-900',
                      page.id === current ? 'bg-gray-900 text-white' : 'bg-white text-gray-800 hover:bg-gray-200',
                    )}
                  >
                    <span className="font-semibold">{page.name}</span>
                    <span className={cx('text-xs', page.id === current ? 'text-gray-200' : 'text-gray-600')}>
                      {page.custom ? 'Set by staff' : 'From the catalogue'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {current ? <HomeEditor key={current} categoryId={current} onSaved={pages.reload} Preview={Preview} /> : null}
        </>
      )}
    </section>
  );
}

function HomeEditor({ categoryId, onSaved, Preview }: { categoryId: number; onSaved: () => void; Preview: HomePreviewPage }) {
  const { load, retry, set } = useLoad(`home-${categoryId}`, () =>
    staffApi.get<TAdminHomePage>(SiteAdminPaths.home, { query: { category_id: categoryId }, silent: true }),
  );
  const [layout, setLayout] = useState<Layout | null>(null);
  const [featuredAutomatic, setFeaturedAutomatic] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);

  useEffect(() => {
    if (load.status !== 'ready') return;
    const page = load.value;
    setLayout({
      big_image: page.big_image,
      hot_recommend: page.hot_recommend,
      three_image: page.three_image,
      featured: page.featured,
    });
    setFeaturedAutomatic(page.featured_automatic);
  }, [load]);

  if (load.status === 'loading' || (load.status === 'ready' && !layout)) {
    return (
      <p className="mt-4 text-gray-600" role="status">
        Loading the page…
      </p>
    );
  }
  if (load.status !== 'ready' || !layout) {
    return (
      <div className="mt-4">
        <p role="alert" className="text-red-800">
          {load.status === 'missing' ? 'This category has no home page any more.' : 'The page could not be loaded.'}
        </p>
        <Button variant="secondary" onClick={retry} className="mt-2">
          Try again
        </Button>
      </div>
    );
  }
  const page = load.value;

  const request = () => ({
    category_id: categoryId,
    big_image: layout.big_image,
    hot_recommend: layout.hot_recommend,
    three_image: layout.three_image,
    featured_goods_ids: featuredAutomatic ? [] : layout.featured.map((product) => product.id),
  });

  const answered = (answer: Answer, done: string) => {
    if (answer.code === CODE_OK) {
      set(answer.result as TAdminHomePage);
      setNotice(done);
      onSaved();
      return;
    }
    const fields = fieldsOf(answer);
    setErrors(fields && Object.keys(fields).length ? fields : { form: answer.msg });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const { ZHomeSaveRequest } = await import('../../components/office/office-rules');
    const parsed = ZHomeSaveRequest.safeParse(request());
    if (!parsed.success) return setErrors(issuesByPath(parsed.error));
    setErrors({});
    setBusy('save');
    const answer: Answer = await staffApi.post(SiteAdminPaths.homeSave, parsed.data, { silent: true }).catch(failed);
    setBusy(null);
    answered(answer, 'Saved: the home page is live.');
  };

  const onReset = async () => {
    setNotice(null);
    setErrors({});
    setBusy('reset');
    const answer: Answer = await staffApi
      .post(SiteAdminPaths.homeReset, { category_id: categoryId }, { silent: true })
      .catch(failed);
    setBusy(null);
    answered(answer, 'The home page is made from the catalogue again.');
  };

  const setRow = (row: Row, tiles: THomeTileInput[]) => setLayout({ ...layout, [row]: tiles });
  const errorSummary = Object.entries(errors);

  return (
    <div className="mt-4 grid gap-6 xl:grid-cols-2">
      <form onSubmit={onSubmit} noValidate aria-label={`Edit the ${page.category.name} home page`} className="min-w-0">
        <p className="text-sm text-gray-700">
          {page.custom && page.updated_at
            ? `Set by staff, last saved ${dateTime(page.updated_at)}.`
            : 'Made from the catalogue: saving keeps what you see here.'}
        </p>
        {ROWS.map((spec) => (
          <TileRow
            key={spec.row}
            spec={spec}
            tiles={layout[spec.row]}
            categories={page.categories}
            errors={errors}
            onChange={(tiles) => setRow(spec.row, tiles)}
          />
        ))}
        <FeaturedPicker
          products={layout.featured}
          automatic={featuredAutomatic}
          error={errors.featured_goods_ids}
          onChange={(products, automatic) => {
            setLayout({ ...layout, featured: products });
            setFeaturedAutomatic(automatic);
          }}
          onBestSellers={() => {
            setFeaturedAutomatic(true);
            setLayout({ ...layout, featured: page.best_sellers });
          }}
        />
        {errorSummary.length > 0 ? (
          <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-semibold">Not saved:</p>
            <ul className="mt-1 list-disc pl-5">
              {errorSummary.map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {notice ? (
          <p role="status" className="mt-4 text-sm text-green-800">
            {notice}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit" busy={busy === 'save'} disabled={busy !== null}>
            Save home page
          </Button>
          {page.custom ? (
            <Button variant="secondary" onClick={onReset} busy={busy === 'reset'} disabled={busy !== null}>
              Make it from the catalogue again
            </Button>
          ) : null}
          <a
            href={`/home/${encodeURIComponent(page.category.url)}.html`}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center text-sm text-gray-800 underline underline-offset-4"
          >
            Open the live page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </form>
      <HomePreview page={page} layout={layout} Preview={Preview} />
    </div>
  );
}

/** A category's listing, as the storefront links a home picture. */
const listingHref = (category: Pick<THomeCategoryChoice, 'url' | 'id'>) =>
  `/classify/${encodeURIComponent(category.url)}-${category.id}.html`;

/** The storefront's home page with the form's pictures and products: what shoppers will see once saved. */
function HomePreview({ page, layout, Preview }: { page: TAdminHomePage; layout: Layout; Preview: HomePreviewPage }) {
  const byId = useMemo(() => new Map(page.categories.map((category) => [category.id, category])), [page.categories]);
  const tiles = (row: THomeTileInput[]): HomeTile[] =>
    row.flatMap((tile) => {
      const category = byId.get(tile.category_id);
      return category && tile.image ? [{ image: tile.image, title: tile.title, href: listingHref(category) }] : [];
    });
  const data: HomePageData = {
    kind: 'ready',
    origin: typeof window === 'undefined' ? '' : window.location.origin,
    path: `/home/${encodeURIComponent(page.category.url)}.html`,
    siteHome: false,
    category: { name: page.category.name, url: page.category.url },
    title: page.category.name,
    description: page.description,
    keywords: '',
    banners: tiles(layout.big_image),
    hot: tiles(layout.hot_recommend),
    three: tiles(layout.three_image),
    featured: layout.featured.map(featuredCardItem),
    sameAs: [],
  };
  return (
    <section aria-labelledby="home-preview-title" className="min-w-0 xl:sticky xl:top-4 xl:self-start">
      <h2 id="home-preview-title" className="text-lg font-semibold text-gray-900">
        Preview
      </h2>
      <p className="text-sm text-gray-700">The storefront’s page with what the form holds now (links are off here).</p>
      {/* inert: the storefront's links and buttons are for looking at here, not for following */}
      <div inert data-preview="" className="mt-2 max-h-[80vh] overflow-y-auto rounded-lg border border-gray-200 bg-white">
        {/* half size beside the form: the page as a wide screen shows it */}
        <div className="pb-8 xl:[zoom:0.5]">
          <Preview data={data} />
        </div>
      </div>
    </section>
  );
}

function TileRow({
  spec,
  tiles,
  categories,
  errors,
  onChange,
}: {
  spec: (typeof ROWS)[number];
  tiles: THomeTileInput[];
  categories: THomeCategoryChoice[];
  errors: Record<string, string>;
  onChange: (tiles: THomeTileInput[]) => void;
}) {
  const hintId = useId();
  const first = categories[0];
  const rowError = errors[spec.row];
  return (
    <fieldset className="mt-4 rounded-lg border border-gray-200 bg-white p-4" aria-describedby={hintId}>
      <legend className="px-1 text-base font-semibold text-gray-900">{spec.title}</legend>
      <p id={hintId} className="text-xs text-gray-600">
        {spec.hint}
      </p>
      {rowError ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {rowError}
        </p>
      ) : null}
      {tiles.length === 0 ? <p className="mt-2 text-sm text-gray-700">No pictures: the row is hidden.</p> : null}
      <ol className="mt-2 flex flex-col gap-3">
        {tiles.map((tile, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a tile has no identity but its place in the row
            key={index}
            className="rounded-md border border-gray-200 p-3"
          >
            <TileEditor
              label={`${spec.title} ${index + 1}`}
              tile={tile}
              categories={categories}
              errorOf={(field) => errors[`${spec.row}.${index}.${field}`]}
              onChange={(next) => onChange(tiles.map((old, i) => (i === index ? next : old)))}
            />
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="ghost"
                disabled={index === 0}
                onClick={() => {
                  const next = [...tiles];
                  [next[index - 1], next[index]] = [tiles[index] as THomeTileInput, tiles[index - 1] as THomeTileInput];
                  onChange(next);
                }}
              >
                Move up<span className="sr-only"> {`${spec.title} ${index + 1}`}</span>
              </Button>
              <Button variant="ghost" onClick={() => onChange(tiles.filter((_, i) => i !== index))}>
                Remove<span className="sr-only"> {`${spec.title} ${index + 1}`}</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {tiles.length < spec.max && first ? (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() =>
            onChange([...tiles, { image: tiles[tiles.length - 1]?.image ?? '', title: first.name, category_id: first.id }])
          }
        >
          {spec.add}
        </Button>
      ) : null}
    </fieldset>
  );
}

function TileEditor({
  label,
  tile,
  categories,
  errorOf,
  onChange,
}: {
  label: string;
  tile: THomeTileInput;
  categories: THomeCategoryChoice[];
  errorOf: (field: keyof THomeTileInput) => string | undefined;
  onChange: (tile: THomeTileInput) => void;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const imageError = uploadError ?? errorOf('image');

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    if (file.size > HOME_PICTURE_MAX_BYTES) return setUploadError(HomeAdminMessages.pictureTooLarge);
    setUploading(true);
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    }).catch(() => null);
    const answer: Answer = dataUrl
      ? await staffApi.post<THomeUploaded>(SiteAdminPaths.homeUpload, { file: dataUrl }, { silent: true }).catch(failed)
      : { code: 0, msg: HomeAdminMessages.notAPicture };
    setUploading(false);
    if (answer.code === CODE_OK) onChange({ ...tile, image: (answer.result as THomeUploaded).url });
    else setUploadError(fieldsOf(answer)?.file ?? answer.msg);
  };

  return (
    <div className="grid gap-3 sm:grid-cols-[120px_1fr]">
      <div>
        {tile.image ? (
          <img
            src={resizedImageUrl(tile.image, 240)}
            alt={`${label}: ${tile.title}`}
            className="aspect-[8/3] w-full rounded border border-gray-200 bg-gray-100 object-cover sm:aspect-square"
          />
        ) : (
          <div className="flex aspect-[8/3] w-full items-center justify-center rounded border border-dashed border-gray-300 text-xs text-gray-600 sm:aspect-square">
            No picture yet
          </div>
        )}
        <label
          htmlFor={`${id}-file`}
          className={cx(
            'mt-2 inline-flex min-h-11 w-full cursor-pointer items-center justify-center rounded-md border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-900 hover:border-gray-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gray-900',
            uploading ? 'opacity-60' : undefined,
          )}
        >
          {uploading ? 'Uploading…' : 'Upload picture'}
          <span className="sr-only"> for {label}</span>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            className="sr-only"
            disabled={uploading}
            aria-describedby={imageError ? `${id}-image-error` : undefined}
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        {imageError ? (
          <p id={`${id}-image-error`} role="alert" className="mt-1 text-sm text-red-700">
            {imageError}
          </p>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-3">
        <Field
          label={`Title of ${label.toLowerCase()}`}
          value={tile.title}
          onChange={(event) => onChange({ ...tile, title: event.target.value })}
          error={errorOf('title')}
        />
        <SelectField
          label="Leads to the category"
          value={tile.category_id}
          onChange={(event) => onChange({ ...tile, category_id: Number(event.target.value) })}
          error={errorOf('category_id')}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.path}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}

/** The recommendation block's products: the best sellers, or the ones chosen here by search. */
function FeaturedPicker({
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
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const results = useLoad(searched === null ? null : `goods-${searched}`, () =>
    staffApi.get<TGoodsListing>('/shop/goods', { query: { name: searched ?? '', page: 1, page_size: 8 }, silent: true }),
  );
  const chosen = automatic ? [] : products;
  const full = chosen.length >= HOME_FEATURED_MAX;

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
        <>
          <ol className="mt-2 flex flex-col gap-2">
            {chosen.map((product, index) => (
              <li key={product.id} className="flex items-center gap-3 rounded-md border border-gray-200 p-2">
                {product.images[0] ? (
                  <img src={resizedImageUrl(product.images[0], 80)} alt="" className="size-12 rounded object-cover" />
                ) : null}
                <span className="min-w-0 flex-1 truncate text-sm text-gray-900">{product.name}</span>
                <Button
                  variant="ghost"
                  disabled={index === 0}
                  onClick={() => {
                    const next = [...chosen];
                    [next[index - 1], next[index]] = [
                      chosen[index] as THomeFeaturedProduct,
                      chosen[index - 1] as THomeFeaturedProduct,
                    ];
                    onChange(next, false);
                  }}
                >
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
      )}
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
                <Button
                  variant="secondary"
                  disabled={taken || full}
                  onClick={() => onChange([...chosen, featuredProduct(goods)], false)}
                >
                  {taken ? 'Featured' : 'Feature'}
                  <span className="sr-only"> {goods.name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
