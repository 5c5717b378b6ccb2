import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { settleFavourite } from './favourite-heart';
import { originalPrice, ProductCard, type ProductCardItem } from './product-card';
import { ProductCarousel } from './product-carousel';
import { productImageSrc } from './product-image';

const dress: ProductCardItem = {
  id: 7,
  name: 'Silk <slip> dress',
  url: 'silk-slip-dress',
  min_price: 39.99,
  max_origin_price: 49.99,
  discount: 20,
  discount_enabled: 1,
  images: ['/media/goods/dress-front.jpg', '/media/goods/dress-back.jpg'],
  is_favorited: 0,
};

const inRouter = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(MemoryRouter, null, element));

describe('productImageSrc', () => {
  it("asks for the shop's pictures at the server's nearest larger width", () => {
    expect(productImageSrc('/media/goods/a.jpg', 480)).toBe('/media/goods/a.jpg?w=480');
    expect(productImageSrc('/media/goods/a.svg?v=2', 600)).toBe('/media/goods/a.svg?v=2&w=640');
  });

  it('leaves pictures from elsewhere alone', () => {
    expect(productImageSrc('https://cdn.example/a.webp', 480)).toBe('https://cdn.example/a.webp');
  });
});

describe('ProductCard', () => {
  const html = inRouter(createElement(ProductCard, { product: dress }));

  it('links to /product/{url}.html', () => {
    expect(html).toContain('href="/product/silk-slip-dress.html"');
  });

  it('reserves the image box and loads it lazily, named after the product', () => {
    expect(html).toMatch(
      /<img src="\/media\/goods\/dress-front.jpg\?w=640"[^>]*alt="Silk &lt;slip&gt; dress"[^>]*width="600" height="800" loading="lazy" decoding="async"/,
    );
    expect(html).toContain('/media/goods/dress-front.jpg?w=240 240w');
    expect(html.toLowerCase()).not.toContain('fetchpriority');
  });

  it('leaves the hover image out of the server HTML (it is fetched on the first hover)', () => {
    expect(html).not.toContain('dress-back.jpg');
  });

  it('loads the first image at once when eager', () => {
    const eager = inRouter(createElement(ProductCard, { product: dress, eager: true }));
    expect(eager).toMatch(/<img src="\/media\/goods\/dress-front.jpg\?w=640"[^>]*loading="eager" fetchPriority="high"/i);
  });

  it('shows the price in USD on the server, the original struck through and the discount badge', () => {
    expect(html).toContain('$39.99');
    expect(html).toMatch(/<s [^>]*>.*\$49\.99.*<\/s>/);
    expect(html).toContain('-20%');
    expect(html).toContain('20% off');
  });

  it('shows neither badge nor struck price when the discount is off', () => {
    const plain = inRouter(createElement(ProductCard, { product: { ...dress, discount_enabled: 0 } }));
    expect(plain).not.toContain('<s ');
    expect(plain).not.toContain('-20%');
  });

  it('renders the heart as a toggle for the guest view', () => {
    expect(html).toMatch(/<button type="button" aria-pressed="false" aria-label="Add to wishlist"/);
    const liked = inRouter(createElement(ProductCard, { product: { ...dress, is_favorited: 1 } }));
    expect(liked).toMatch(/aria-pressed="true" aria-label="Remove from wishlist"/);
  });

  it('offers quick view only when asked', () => {
    expect(html).not.toContain('Quick view');
    expect(inRouter(createElement(ProductCard, { product: dress, onQuickView: () => {} }))).toContain('Quick view');
  });
});

describe('originalPrice (spec 9)', () => {
  it('prefers the listed original price above the shown price', () => {
    expect(originalPrice({ min_price: 40, max_origin_price: 60, discount: 20 })).toBe(60);
  });

  it('otherwise works it back from the discount', () => {
    expect(originalPrice({ min_price: 40, max_origin_price: 40, discount: 20 })).toBe(50);
    expect(originalPrice({ min_price: 40, max_origin_price: 0, discount: 0 })).toBeNull();
  });
});

describe('settleFavourite (spec 4 "Favourite toggle")', () => {
  it('sends a guest to sign in and changes nothing', async () => {
    const goToSignIn = vi.fn();
    const onToggle = vi.fn();
    expect(await settleFavourite(false, { signedIn: false, onToggle, goToSignIn })).toBe(false);
    expect(goToSignIn).toHaveBeenCalledOnce();
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('turns 0 into 1 on a successful add and 1 into 0 on a successful remove', async () => {
    const onToggle = vi.fn(async () => true);
    expect(await settleFavourite(false, { signedIn: true, onToggle, goToSignIn: vi.fn() })).toBe(true);
    expect(onToggle).toHaveBeenLastCalledWith(true);
    expect(await settleFavourite(true, { signedIn: true, onToggle, goToSignIn: vi.fn() })).toBe(false);
    expect(onToggle).toHaveBeenLastCalledWith(false);
  });

  it('stays as it was when the wishlist refuses or fails', async () => {
    expect(await settleFavourite(false, { signedIn: true, onToggle: async () => false, goToSignIn: vi.fn() })).toBe(false);
    const failing = async () => {
      throw new Error('offline');
    };
    expect(await settleFavourite(true, { signedIn: true, onToggle: failing, goToSignIn: vi.fn() })).toBe(true);
  });

  it('does not pretend to work without a wishlist', async () => {
    expect(await settleFavourite(false, { signedIn: true, goToSignIn: vi.fn() })).toBe(false);
  });
});

describe('ProductCarousel', () => {
  const items = Array.from({ length: 5 }, (_, index) => ({ ...dress, id: index + 1, url: `dress-${index + 1}` }));

  it('renders a titled list of cards with previous and next buttons', () => {
    const html = inRouter(createElement(ProductCarousel, { title: 'New in', items }));
    expect(html).toMatch(/<h2 id="[^"]+"[^>]*>New in<\/h2>/);
    expect(html.match(/<li /g)).toHaveLength(5);
    expect(html).toMatch(/<ul id="[^"]+" aria-labelledby=/);
    expect(html).toMatch(/aria-label="Previous products"[^>]*aria-disabled="true"/);
    expect(html).toMatch(/aria-label="Next products" aria-controls="[^"]+" class=/);
  });

  it('lays out every breakpoint in CSS, so the server HTML needs no script to size itself', () => {
    const html = inRouter(createElement(ProductCarousel, { title: 'New in', items }));
    expect(html).toContain('min-[1200px]:[--carousel-per-row:6]');
    expect(html).toContain(
      'flex:0 0 calc((100% - (var(--carousel-per-row) - 1) * var(--carousel-gap)) / var(--carousel-per-row))',
    );
    expect(html).not.toContain('style="transform');
  });

  it('loads only the first image at once when above the fold', () => {
    const html = inRouter(createElement(ProductCarousel, { title: 'New in', items, eager: true }));
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
  });

  it('renders nothing without products', () => {
    expect(inRouter(createElement(ProductCarousel, { title: 'New in', items: [] }))).toBe('');
  });
});
