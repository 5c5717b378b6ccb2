import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  breadcrumbList,
  JsonLdScript,
  organization,
  product,
  productPath,
  requestOrigin,
  seoMeta,
  serializeJsonLd,
  website,
} from './seo';

const ORIGIN = 'https://shop.example';
const ATTACK = '</script><script>alert(1)</script>';

describe('seoMeta', () => {
  const meta = seoMeta({
    title: 'Silk dress | Aurelle',
    description: 'A silk dress.',
    keywords: ['silk', ' dress ', ''],
    canonicalPath: '/product/silk-dress.html',
    image: '/media/silk.jpg',
    type: 'product',
    origin: ORIGIN,
  });

  it('gives an absolute canonical link', () => {
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://shop.example/product/silk-dress.html' });
    expect(meta).toContainEqual({ property: 'og:url', content: 'https://shop.example/product/silk-dress.html' });
  });

  it('has title, description, keywords and the social tags with absolute images', () => {
    expect(meta).toContainEqual({ title: 'Silk dress | Aurelle' });
    expect(meta).toContainEqual({ name: 'description', content: 'A silk dress.' });
    expect(meta).toContainEqual({ name: 'keywords', content: 'silk, dress' });
    expect(meta).toContainEqual({ property: 'og:type', content: 'product' });
    expect(meta).toContainEqual({ property: 'og:site_name', content: 'Aurelle' });
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://shop.example/media/silk.jpg' });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(meta).toContainEqual({ name: 'twitter:image', content: 'https://shop.example/media/silk.jpg' });
  });

  it('leaves out what it was not given', () => {
    const plain = seoMeta({ title: 'Help', canonicalPath: '/help', origin: ORIGIN });
    const names = plain.map((entry) => ('name' in entry ? entry.name : 'property' in entry ? entry.property : null));
    expect(names).not.toContain('description');
    expect(names).not.toContain('keywords');
    expect(names).not.toContain('og:image');
    expect(plain).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(plain).toContainEqual({ property: 'og:type', content: 'website' });
  });

  it('keeps an image that is already absolute', () => {
    const cdn = seoMeta({ title: 't', canonicalPath: '/', image: 'https://cdn.example/a.jpg', origin: ORIGIN });
    expect(cdn).toContainEqual({ property: 'og:image', content: 'https://cdn.example/a.jpg' });
  });

  it('reads the origin from the request', () => {
    expect(requestOrigin(new Request('http://localhost:3000/home/shoes.html?x=1'))).toBe('http://localhost:3000');
  });
});

describe('JSON-LD escaping', () => {
  it('never lets a name close the script element', () => {
    const html = renderToStaticMarkup(
      createElement(JsonLdScript, {
        data: product(ORIGIN, { name: ATTACK, images: [], url: 'x', skus: [] }),
        nonce: 'n0nce',
      }),
    );
    expect(html.startsWith('<script type="application/ld+json" nonce="n0nce">')).toBe(true);
    expect(html.endsWith('</script>')).toBe(true);
    expect(html.slice(0, -'</script>'.length).toLowerCase()).not.toContain('</script');
    expect(html).not.toContain('<script>');
  });

  it('escapes <, >, &, U+2028 and U+2029 and still parses back to the same data', () => {
    const data = { '@type': 'Thing', name: `<!-- a & b --> ${ATTACK} \u2028\u2029` };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c!--');
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe('JSON-LD builders', () => {
  it('offers each SKU in USD, in stock only when stock is above zero', () => {
    const data = product(ORIGIN, {
      name: 'Silk dress',
      description: 'Soft.',
      images: ['/media/a.jpg', 'https://cdn.example/b.jpg'],
      url: 'silk-dress',
      skus: [
        { sku: 'SD-S', price: 49.9, stock: 3 },
        { sku: 'SD-M', price: '52.00', stock: 0 },
      ],
    });
    expect(data.url).toBe('https://shop.example/product/silk-dress.html');
    expect(data.image).toEqual(['https://shop.example/media/a.jpg', 'https://cdn.example/b.jpg']);
    expect(data.offers).toEqual([
      {
        '@type': 'Offer',
        sku: 'SD-S',
        price: '49.90',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/product/silk-dress.html',
      },
      {
        '@type': 'Offer',
        sku: 'SD-M',
        price: '52.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/OutOfStock',
        url: 'https://shop.example/product/silk-dress.html',
      },
    ]);
  });

  it('links products at /product/{url}.html', () => {
    expect(productPath('silk-dress')).toBe('/product/silk-dress.html');
  });

  it('gives a reviewed product its aggregateRating and reviews, and leaves both out without reviews', () => {
    const data = product(ORIGIN, {
      name: 'Linen Dress',
      images: [],
      url: 'linen-dress',
      skus: [],
      rating: { average: 4.5, count: 2 },
      reviews: [{ author: 'Ada L.', rating: 5, body: 'Lovely', at: Date.UTC(2026, 10, 2) }],
    }) as Record<string, unknown>;
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Ada L.' },
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        reviewBody: 'Lovely',
        datePublished: '2026-11-02',
      },
    ]);
    const none = product(ORIGIN, {
      name: 'New',
      images: [],
      url: 'new',
      skus: [],
      rating: { average: 0, count: 0 },
      reviews: [],
    });
    expect(none).not.toHaveProperty('aggregateRating');
    expect(none).not.toHaveProperty('review');
  });

  it('describes the site search with the search page template', () => {
    expect(website(ORIGIN).potentialAction).toEqual({
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: 'https://shop.example/template/SearchClassify?keyword={search_term_string}' },
      'query-input': 'required name=search_term_string',
    });
  });

  it('numbers breadcrumbs from 1 with absolute addresses', () => {
    expect(
      breadcrumbList(ORIGIN, [
        { name: 'Home', path: '/' },
        { name: 'Dresses', path: '/classify/dresses-12.html' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Dresses', item: 'https://shop.example/classify/dresses-12.html' },
    ]);
  });

  it('names the shop as the organization', () => {
    expect(organization(ORIGIN, { sameAs: ['https://social.example/aurelle'] })).toMatchObject({
      '@type': 'Organization',
      name: 'Aurelle',
      url: 'https://shop.example/',
      logo: 'https://shop.example/favicon.svg',
      sameAs: ['https://social.example/aurelle'],
    });
  });
});
