import type { TAdminHomePage } from '@shop/contracts/site-admin';
import { describe, expect, it } from 'vitest';
import { homeHref, layoutOf, listingHref, previewData, saveRequest } from './home-layout';

const product = { id: 7, name: 'Wrap dress', url: 'wrap-dress', images: ['/media/a.jpg'] } as never;

const page = {
  category: { id: 3, name: 'Women & Girls', url: 'women girls' },
  description: 'Dresses and more',
  custom: true,
  updated_at: 1,
  big_image: [
    { image: '/media/home/a.jpg', title: 'Autumn', category_id: 4 },
    { image: '', title: 'No picture yet', category_id: 4 },
  ],
  hot_recommend: [{ image: '/media/home/b.jpg', title: 'Gone', category_id: 99 }],
  three_image: [],
  featured: [product],
  featured_automatic: false,
  best_sellers: [],
  categories: [{ id: 4, name: 'Dresses', url: 'dresses', path: 'Women / Dresses' }],
} as unknown as TAdminHomePage;

describe('the home-page editor’s layout', () => {
  it('sends the featured products only when staff chose them', () => {
    const layout = layoutOf(page);
    expect(saveRequest(3, layout, false).featured_goods_ids).toEqual([7]);
    expect(saveRequest(3, layout, true)).toMatchObject({ category_id: 3, featured_goods_ids: [], three_image: [] });
  });

  it('previews the tiles that have a picture and a known category, linked to its listing', () => {
    const data = previewData(page, layoutOf(page), 'https://shop.example');
    expect(data.path).toBe('/home/women%20girls.html');
    expect(data.banners).toEqual([{ image: '/media/home/a.jpg', title: 'Autumn', href: '/classify/dresses-4.html' }]);
    expect(data.hot).toEqual([]);
    expect(data.featured.map((item) => item.id)).toEqual([7]);
  });

  it('links a category’s listing and its home page with their addresses encoded', () => {
    expect(listingHref({ id: 4, url: 'a b' })).toBe('/classify/a%20b-4.html');
    expect(homeHref(page)).toBe('/home/women%20girls.html');
  });
});
