import type { THomeConfig } from '@shop/contracts/site';
import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../components/ui/pagination';
import { featuredCardItem, homeImageHref, homePageData, isHomePath, loadOrKeepSkeleton } from './home-data';
import { homeMeta, homeStructuredData } from './home-seo';
import { recommendHref, recommendPageParam } from './recommend-data';

const ORIGIN = 'https://shop.example';

const config: THomeConfig = {
  title: 'Shoes | Aurelle',
  description: 'Shop shoes at Aurelle.',
  keywords: 'Shoes, Boots, Aurelle',
  url: '/home/shoes.html',
  icon: '/media/icons/shoes.svg',
  classify: [
    { name: 'Clothing', url: 'clothings', id: 1 },
    { name: 'Shoes', url: 'shoes', id: 2 },
  ],
  homeConfig: {
    big_image: [
      { image: '/media/banners/shoes.svg', title: 'Shoes', classify_id: 'shoes-2', url: { url: '/classify/shoes-2.html' } },
    ],
    hot_recommend: [
      { image: '/media/icons/boots.svg', title: 'Boots', classify_id: 'boots-13', url: { url: 'javascript:alert(1)' } },
    ],
    three_image: [],
    featured_products: [
      {
        id: 7,
        name: 'Chelsea Boot',
        url: 'chelsea-boot-7',
        images: ['/media/goods/7.svg'],
        price: 80,
        origin_price: 100,
        discount: 20,
      },
    ],
  },
};

describe('home configuration → page', () => {
  const page = homePageData(config, { origin: ORIGIN, path: '/home/shoes.html', url: 'shoes', siteHome: false });

  it('names the page after its top category', () => {
    expect(page.category).toEqual({ name: 'Shoes', url: 'shoes' });
  });

  it('links a picture to its classify page, and never to an address that is not a path of this site', () => {
    expect(page.banners[0]?.href).toBe('/classify/shoes-2.html');
    expect(page.hot[0]?.href).toBe('/classify/boots-13.html');
    expect(homeImageHref({ classify_id: 'x-1', url: { url: '//evil.example/x' } })).toBe('/classify/x-1.html');
  });

  it('shows a featured product with its configured price, original price and discount', () => {
    expect(featuredCardItem(config.homeConfig.featured_products[0] as never)).toMatchObject({
      min_price: 80,
      max_origin_price: 100,
      discount: 20,
      discount_enabled: 1,
      is_favorited: 0,
    });
  });

  it('builds the head from the configuration, with the banner as a raster social picture', () => {
    const meta = homeMeta(page);
    expect(meta).toContainEqual({ title: 'Shoes | Aurelle' });
    expect(meta).toContainEqual({ name: 'keywords', content: 'Shoes, Boots, Aurelle' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${ORIGIN}/home/shoes.html` });
    expect(meta).toContainEqual({ property: 'og:image', content: `${ORIGIN}/media/banners/shoes.svg?w=1200` });
  });

  it('gives a category home a breadcrumb and the site home the Organization and WebSite with its search', () => {
    const categoryTypes = homeStructuredData(page).map((entry) => entry['@type']);
    expect(categoryTypes).toEqual(['BreadcrumbList', 'ItemList']);
    const site = homePageData(config, { origin: ORIGIN, path: '/', url: 'shoes', siteHome: true, sameAs: ['https://x.example'] });
    const [organization, website, list] = homeStructuredData(site);
    expect(organization).toMatchObject({ '@type': 'Organization', sameAs: ['https://x.example'] });
    expect(website).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction' } });
    expect(list).toMatchObject({
      itemListElement: [
        {
          url: `${ORIGIN}/product/chelsea-boot-7.html`,
          item: { offers: { price: '80.00', priceCurrency: 'USD' } },
        },
      ],
    });
  });

  it('marks a page that failed or does not exist as not to be indexed', () => {
    expect(homeMeta(undefined, 404)).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});

describe('isHomePath', () => {
  it('knows the site home and the category homes', () => {
    expect(isHomePath('/')).toBe(true);
    expect(isHomePath('/home/wedding.html')).toBe(true);
    expect(isHomePath('/home/wedding')).toBe(false);
    expect(isHomePath('/help')).toBe(false);
  });
});

describe('loadOrKeepSkeleton', () => {
  it('passes the page data through', async () => {
    expect(await loadOrKeepSkeleton(async () => ({ kind: 'empty' }))).toEqual({ kind: 'empty' });
  });

  it('keeps the skeleton when the page cannot be loaded', async () => {
    expect(
      await loadOrKeepSkeleton(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual({ kind: 'failed' });
  });

  it('still shows the not-found page for a page that does not exist', async () => {
    const notFound = { status: 404, statusText: 'Not Found', internal: false, data: null };
    await expect(
      loadOrKeepSkeleton(async () => {
        throw notFound;
      }),
    ).rejects.toBe(notFound);
  });
});

describe('recommendations paging', () => {
  it('reads the page parameter and refuses what is not a page number', () => {
    expect(recommendPageParam(null)).toBe(1);
    expect(recommendPageParam('3')).toBe(3);
    expect(recommendPageParam('0')).toBeNull();
    expect(recommendPageParam('2.5')).toBeNull();
    expect(recommendPageParam('abc')).toBeNull();
  });

  it('links the first page without a query', () => {
    expect(recommendHref(1)).toBe('/recommend/recommend');
    expect(recommendHref(4)).toBe('/recommend/recommend?page=4');
  });

  it('offers the first, last and neighbouring pages, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, null, 5]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 17)).toEqual([1, null, 8, 9, 10, null, 17]);
    expect(pageWindow(17, 17)).toEqual([1, null, 16, 17]);
  });
});
