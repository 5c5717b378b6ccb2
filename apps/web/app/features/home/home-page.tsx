import { SHOP_NAME } from '@shop/contracts';
import { imageSrcSet, resizedImageUrl } from '@shop/contracts/images';
import { Link, useLocation, useNavigation } from 'react-router';
import { ProductCarousel } from '../../components/product/product-carousel';
import { ArrowRightIcon } from '../../components/ui/icons';
import { PageUnavailable } from '../../components/ui/page-unavailable';
import { CarouselSkeleton, Skeleton } from '../../components/ui/skeleton';
import { cx, focusRing } from '../../lib/cx';
import { JsonLd } from '../../lib/seo';
import { type HomePageData, type HomeRouteData, type HomeTile, isHomePath } from './home-data';
import { homeStructuredData } from './home-seo';
import { RECOMMEND_PATH } from './recommend-data';

/** Banners are 8:3 pictures (1600 × 600); the box keeps that ratio whatever arrives. */
const BANNER_SIZE = { width: 1600, height: 600 } as const;
const BANNER_WIDTHS = [480, 640, 800, 1200] as const;
const BANNER_SIZES = '(min-width: 1600px) 1600px, 100vw';
const THREE_IMAGE_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 33vw, 100vw';
/** Hot-recommend pictures are square category pictures shown at 96 px (128 px from md up). */
const HOT_SIZE = 128;
const HOT_WIDTHS = [160, 240, 320] as const;
const HOT_SIZES = '(min-width: 768px) 128px, 96px';

const sectionClass = 'mx-auto max-w-7xl px-4 pt-14 md:px-8 md:pt-20';
const sectionTitleClass = 'font-display text-2xl text-gray-950 md:text-3xl';

/**
 * A home page as its route shows it: the page, the skeleton while a client-side navigation loads
 * another home page, the stopped skeleton when that load failed, or the empty shop.
 */
export function HomeView({ data }: { data: HomeRouteData }) {
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const next = navigation.location;
  const loadingAnotherHome =
    navigation.state === 'loading' && next !== undefined && next.pathname !== pathname && isHomePath(next.pathname);
  if (loadingAnotherHome) return <HomeSkeleton />;
  if (data.kind === 'failed') return <HomeSkeleton stoppedAt={`${pathname}${search}`} />;
  if (data.kind === 'empty') return <OpensSoon />;
  return <HomePage data={data} />;
}

/** spec 2 "Home page": banner, hot-recommend grid, three-image row and the recommendation block. */
export function HomePage({ data }: { data: HomePageData }) {
  const { category } = data;
  const shopAll = data.banners[0]?.href;
  return (
    <>
      <JsonLd data={homeStructuredData(data)} />
      <Banners banners={data.banners} />
      <section aria-labelledby="home-title" className="mx-auto max-w-7xl px-4 pt-8 md:px-8 md:pt-12">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <p className="text-xs font-semibold tracking-[0.3em] text-gray-600 uppercase">
              {data.siteHome ? `Welcome to ${SHOP_NAME}` : `${SHOP_NAME} collection`}
            </p>
            <h1 id="home-title" className="mt-2 font-display text-4xl text-gray-950 md:text-6xl">
              {category.name}
            </h1>
            {data.description ? (
              <p className="mt-3 text-base leading-relaxed text-gray-700 md:text-lg">{data.description}</p>
            ) : null}
          </div>
          {shopAll ? (
            <Link
              to={shopAll}
              className={cx(
                'inline-flex min-h-12 shrink-0 items-center gap-2 self-start rounded-full bg-gray-900 px-8 text-sm font-semibold tracking-wide text-white uppercase hover:bg-gray-700 md:self-auto',
                focusRing,
              )}
            >
              Shop all {category.name}
              <ArrowRightIcon strokeWidth={1.8} />
            </Link>
          ) : null}
        </div>
      </section>

      {data.hot.length > 0 ? (
        <section aria-labelledby="home-hot" className={sectionClass}>
          <h2 id="home-hot" className={sectionTitleClass}>
            Trending in {category.name}
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
            {data.hot.map((tile) => (
              <li key={`${tile.href}|${tile.image}`}>
                <HotTile tile={tile} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.three.length > 0 ? (
        <section aria-labelledby="home-three" className={sectionClass}>
          <h2 id="home-three" className={sectionTitleClass}>
            Explore more
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-8 sm:grid-cols-3 sm:gap-6">
            {data.three.map((tile) => (
              <li key={`${tile.href}|${tile.image}`}>
                <ThreeImageTile tile={tile} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data.featured.length > 0 ? (
        <div className={sectionClass}>
          <ProductCarousel title={`${category.name} recommendations`} items={data.featured} />
          <p className="mt-6 text-center">
            <Link
              to={RECOMMEND_PATH}
              className={cx(
                'inline-flex min-h-11 items-center gap-2 rounded-full border border-gray-900 px-6 text-sm font-semibold tracking-wide text-gray-950 uppercase hover:bg-gray-900 hover:text-white',
                focusRing,
              )}
            >
              More recommendations
              <ArrowRightIcon strokeWidth={1.8} />
            </Link>
          </p>
        </div>
      ) : null}
    </>
  );
}

/** The big banner(s): each links to its category listing; the first is the page's main picture. */
function Banners({ banners }: { banners: HomeTile[] }) {
  if (banners.length === 0) return null;
  const several = banners.length > 1;
  return (
    <div
      className={cx(
        'mx-auto max-w-[1600px] bg-gray-100',
        several ? 'flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain' : undefined,
      )}
    >
      {banners.map((banner, index) => {
        const first = index === 0;
        return (
          <Link
            key={`${banner.href}|${banner.image}`}
            to={banner.href}
            className="block w-full shrink-0 snap-start focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-gray-900"
          >
            <img
              src={resizedImageUrl(banner.image, BANNER_WIDTHS[BANNER_WIDTHS.length - 1] ?? BANNER_SIZE.width)}
              srcSet={imageSrcSet(banner.image, BANNER_WIDTHS)}
              sizes={BANNER_SIZES}
              alt={`Shop ${banner.title}`}
              {...BANNER_SIZE}
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : undefined}
              decoding={first ? undefined : 'async'}
              className="aspect-[8/3] w-full object-cover"
            />
          </Link>
        );
      })}
    </div>
  );
}

function HotTile({ tile }: { tile: HomeTile }) {
  return (
    <Link
      to={tile.href}
      className={cx(
        'group flex items-center gap-5 rounded-lg bg-stone-100 p-4 transition-colors hover:bg-stone-200/70 md:gap-8 md:p-6 motion-reduce:transition-none',
        focusRing,
      )}
    >
      <img
        src={resizedImageUrl(tile.image, HOT_SIZE * 2)}
        srcSet={imageSrcSet(tile.image, HOT_WIDTHS)}
        sizes={HOT_SIZES}
        alt=""
        width={HOT_SIZE}
        height={HOT_SIZE}
        loading="lazy"
        decoding="async"
        className="size-24 shrink-0 object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none md:size-32"
      />
      <span className="flex min-w-0 flex-col gap-2">
        <span className="font-display text-2xl text-gray-950 md:text-3xl">{tile.title}</span>
        <span className="inline-flex items-center gap-2 text-xs font-semibold tracking-[0.16em] text-gray-800 uppercase underline-offset-4 group-hover:underline">
          Shop now
          <ArrowRightIcon
            strokeWidth={1.8}
            className="transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
          />
        </span>
      </span>
    </Link>
  );
}

function ThreeImageTile({ tile }: { tile: HomeTile }) {
  return (
    <Link to={tile.href} className={cx('group block rounded-lg', focusRing)}>
      <span className="block overflow-hidden rounded-lg bg-gray-100">
        <img
          src={resizedImageUrl(tile.image, 640)}
          srcSet={imageSrcSet(tile.image, BANNER_WIDTHS)}
          sizes={THREE_IMAGE_SIZES}
          alt=""
          {...BANNER_SIZE}
          loading="lazy"
          decoding="async"
          className="aspect-[8/3] w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
        />
      </span>
      <span className="mt-3 flex items-center justify-between gap-2 text-gray-950">
        <span className="font-display text-2xl underline-offset-4 group-hover:underline">{tile.title}</span>
        <ArrowRightIcon
          strokeWidth={1.8}
          className="shrink-0 transition-transform group-hover:translate-x-1 motion-reduce:transition-none"
        />
      </span>
    </Link>
  );
}

/**
 * The home page's placeholder, in its layout. While a page loads it pulses; when the load failed
 * (`stoppedAt`, the address to try again) it stands still: no spinner, no retry loop.
 */
export function HomeSkeleton({ stoppedAt }: { stoppedAt?: string }) {
  const stopped = stoppedAt !== undefined;
  return (
    <div className={cx(stopped ? '[&_*]:animate-none' : undefined)}>
      {stopped ? (
        <p role="alert" className="mx-auto max-w-7xl px-4 py-3 text-sm text-gray-700 md:px-8">
          This page could not be loaded.{' '}
          <a href={stoppedAt} className="font-semibold text-gray-950 underline underline-offset-4">
            Try again
          </a>
        </p>
      ) : null}
      <Skeleton className="mx-auto aspect-[8/3] w-full max-w-[1600px]" style={{ borderRadius: 0 }} />
      <div className="mx-auto max-w-7xl px-4 pt-8 md:px-8 md:pt-12">
        <Skeleton className="h-3 w-36" />
        <Skeleton className="mt-3 h-10 w-56 md:h-14 md:w-72" />
        <Skeleton className="mt-4 h-4 w-full max-w-xl" />
      </div>
      <div className={sectionClass}>
        <Skeleton className="h-8 w-56" />
        <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
          {[0, 1, 2, 3].map((block) => (
            <Skeleton key={block} className="h-32 md:h-44" />
          ))}
        </div>
      </div>
      <div className={sectionClass}>
        <Skeleton className="h-8 w-40" />
        <div className="mt-6 grid grid-cols-1 gap-8 sm:grid-cols-3 sm:gap-6">
          {[0, 1, 2].map((block) => (
            <Skeleton key={block} className="aspect-[8/3] w-full" />
          ))}
        </div>
      </div>
      <div className={sectionClass}>
        <CarouselSkeleton label={stopped ? '' : 'Loading the page'} />
      </div>
    </div>
  );
}

/** A shop started without its catalogue: it says so instead of failing. */
function OpensSoon() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="font-display text-4xl text-gray-950">{SHOP_NAME} opens soon</h1>
      <p className="mt-4 text-gray-700">Our first collection is on its way. Create an account now and be the first to know.</p>
    </section>
  );
}

/** The server could not build a home page: an error page with a way to try again (spec 2 "Home page"). */
export function HomeUnavailable() {
  return <PageUnavailable title="This page could not be loaded" />;
}
