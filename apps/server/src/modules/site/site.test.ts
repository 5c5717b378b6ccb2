import { HELP_CONTACT_KEYS, SHOP_NAME } from '@shop/contracts';
import type { TTokenPair } from '@shop/contracts/auth';
import type { TCategory } from '@shop/contracts/catalog';
import {
  HELP_PAGE_KEYS,
  helpPagePath,
  SOCIAL_NETWORKS,
  type TCurrency,
  type THelpPage,
  type THelpPageSummary,
  type THomeConfig,
  type TSettingValue,
  type TSiteConfig,
  ZCurrencyListResponse,
  ZHelpPageResponse,
  ZHomeConfig,
  ZSiteConfigResponse,
} from '@shop/contracts/site';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../seed/accounts';
import { buildGoods, seedCatalog } from '../../seed/catalog';
import { seedReferenceContent } from '../../seed/reference';
import { appPerFile, injectAs, type TestApp } from '../../testing/harness';
import { buildStaff } from '../staff/service';
import { subtreeIds } from './home-config';
import { w3cDate } from './seo-files';
import { parseXml, textOf } from './xml.testing';

let t: TestApp;
let now = Date.UTC(2026, 2, 1, 12);
const clock = () => now;
let tops: TCategory[] = [];
let staffToken = '';
let shopperToken = '';
let offSaleUrl = '';

const putHelp = <T = THelpPage>(payload: unknown, token?: string) => injectAs(t, token).put<T>('/admin/help/page', payload);
/** The sitemap and robots.txt build their addresses from the Host the request was sent to. */
const onHost = (host: string) => injectAs(t, null, { headers: { host } });

appPerFile(
  async (made) => {
    t = made;
    const db = t.database.db;
    await seedCatalog(db, { mediaDir: t.dataDir, goodsPerLeaf: 2, drawImages: false });
    tops = (await injectAs(t, null).get<TCategory[]>('/shop/goods/classify')).result;
    const firstLeaf = tops[0]?.children[0];
    if (!firstLeaf) throw new Error('the demo catalogue has no leaves');
    offSaleUrl = `withdrawn-test-dress-${Date.now().toString(36)}`;
    await buildGoods(db, { category_id: firstLeaf.id, url: offSaleUrl, status: 0, sales: 1_000_000 });

    await buildStaff(db, { email: 'editor@example.com', password: 'Editor1234', nickname: 'Editor', role: 'admin' });
    await buildStaff(db, { email: 'agent@example.com', password: 'Agent1234', nickname: 'Agent', role: 'csr' });
    staffToken = (
      await injectAs(t, null).post<TTokenPair>('/admin/login', { username: 'editor@example.com', password: 'Editor1234' })
    ).result.token;
    const shopper = await buildUser(db);
    shopperToken = (
      await injectAs(t, null).post<TTokenPair>('/shop/login/password', { username: shopper.email, password: shopper.password })
    ).result.token;
  },
  { clock },
);

describe('GET /api/exchange/rate/list', () => {
  it('lists the currencies with every field, USD first and then by the shop order', async () => {
    const answer = await injectAs(t, null).get('/api/exchange/rate/list');
    expect(answer.status).toBe(200);
    const envelope = ZCurrencyListResponse.parse(answer);
    expect(envelope.code).toBe(200);
    const { data, total } = envelope.result;
    expect(total).toBe(data.length);
    expect(data[0]).toMatchObject({ currency_code: 'USD', unit: '$', exchange_rate: 1, name: 'US Dollar', cn_name: '美元' });
    expect(data.map((currency) => currency.currency_code).slice(0, 6)).toEqual(['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY']);
    expect(data.find((currency) => currency.currency_code === 'EUR')).toMatchObject({ unit: '€', exchange_rate: 0.92 });
    expect(data.find((currency) => currency.currency_code === 'JPY')?.unit).toBe('¥');
    expect(data.map((c) => c.currency_code)).toEqual(expect.arrayContaining(['CHF', 'SEK']));
    expect(new Set(data.map((c) => c.id)).size).toBe(data.length);
  });

  it('keeps USD first whatever its sort, and leaves disabled currencies out', async () => {
    const db = t.database.db;
    await db.updateTable('currencies').set({ sort: 999 }).where('currency_code', '=', 'USD').execute();
    await db.updateTable('currencies').set({ enabled: 0 }).where('currency_code', '=', 'SEK').execute();
    await db.updateTable('currencies').set({ sort: -1 }).where('currency_code', '=', 'JPY').execute();
    t.app.services.site.forget();
    try {
      const { data } = (await injectAs(t, null).get<{ data: TCurrency[] }>('/api/exchange/rate/list')).result;
      expect(data.map((c) => c.currency_code).slice(0, 3)).toEqual(['USD', 'JPY', 'EUR']);
      expect(data.map((c) => c.currency_code)).not.toContain('SEK');
    } finally {
      await db.updateTable('currencies').set({ sort: 0 }).where('currency_code', '=', 'USD').execute();
      await db.updateTable('currencies').set({ enabled: 1, sort: 7 }).where('currency_code', '=', 'SEK').execute();
      await db.updateTable('currencies').set({ sort: 5 }).where('currency_code', '=', 'JPY').execute();
      t.app.services.site.forget();
    }
  });
});

describe('GET /shop/common/setting', () => {
  it('answers the site config of spec 3 from the settings table', async () => {
    const answer = await injectAs(t, null).get('/shop/common/setting');
    expect(answer.status).toBe(200);
    const config: TSiteConfig = ZSiteConfigResponse.parse(answer).result;
    expect(config).toMatchObject({
      siteName: SHOP_NAME,
      upload: { mode: 'local' },
      initialize: true,
      userInitialize: true,
      company: { address: 'Sacramento, California, US', phone: '+1 (916) 555-0142' },
    });
    expect(config.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(typeof config.cdnUrl).toBe('string');
    expect(typeof config.apiUrl).toBe('string');
    expect(typeof config.recordNumber).toBe('string');
    expect(typeof config.cdnUrlParams).toBe('string');
    expect(config.headNav.length).toBeGreaterThan(0);
    expect(Object.keys(config.socialcontact).sort()).toEqual([...SOCIAL_NETWORKS].sort());
    for (const url of Object.values(config.socialcontact)) expect(url).toMatch(/^https:\/\//);
    expect(config.app_info.store_list.map((entry) => entry.key)).toEqual(['android_url', 'ios_url', 'qr_code']);
  });

  it("shows the shop owner's stored values", async () => {
    const db = t.database.db;
    const headNav = await db.selectFrom('settings').select('value').where('key', '=', 'site.head_nav').executeTakeFirstOrThrow();
    await db.updateTable('settings').set({ value: '+1 (916) 555-0199' }).where('key', '=', 'site.company.phone').execute();
    await db
      .updateTable('settings')
      .set({ value: JSON.stringify([{ title: 'Sale', url: '/classify/sale-1.html' }]) })
      .where('key', '=', 'site.head_nav')
      .execute();
    t.app.services.site.forget();
    try {
      const config = (await injectAs(t, null).get<TSiteConfig>('/shop/common/setting')).result;
      expect(config.company.phone).toBe('+1 (916) 555-0199');
      expect(config.headNav).toEqual([{ title: 'Sale', url: '/classify/sale-1.html' }]);
      await db.updateTable('settings').set({ value: 'not json' }).where('key', '=', 'site.head_nav').execute();
      t.app.services.site.forget();
      // a broken list falls back to the default one rather than failing the whole config
      expect((await injectAs(t, null).get<TSiteConfig>('/shop/common/setting')).result.headNav.length).toBeGreaterThan(0);
    } finally {
      await db.updateTable('settings').set({ value: '+1 (916) 555-0142' }).where('key', '=', 'site.company.phone').execute();
      await db.updateTable('settings').set({ value: headNav.value }).where('key', '=', 'site.head_nav').execute();
      t.app.services.site.forget();
    }
  });
});

describe('GET /api/setting/value', () => {
  it('answers one public setting, with or without the site. prefix', async () => {
    for (const key of ['site.company.address', 'company.address']) {
      const answer = await injectAs(t, null).get<TSettingValue>(`/api/setting/value?setting_key=${encodeURIComponent(key)}`);
      expect(answer.status).toBe(200);
      expect(answer.result).toEqual({
        setting_key: 'site.company.address',
        value: 'Sacramento, California, US',
      });
    }
    expect((await injectAs(t, null).get<TSettingValue>('/api/setting/value?setting_key=upload_mode')).result.value).toBe('local');
  });

  it('answers 404 for an unknown key and for settings that are not public', async () => {
    for (const key of ['nothing.here', 'auth.signing_key', 'site.auth.signing_key', 'chat.config', 'demo.seeded_at']) {
      const answer = await injectAs(t, null).get(`/api/setting/value?setting_key=${key}`);
      expect(answer.status).toBe(404);
      expect(answer).toMatchObject({ code: 404, result: null });
    }
  });

  it('answers 400 naming setting_key when it is missing or blank', async () => {
    for (const url of ['/api/setting/value', '/api/setting/value?setting_key=', '/api/setting/value?setting_key=%20']) {
      const answer = await injectAs(t, null).get<{ fields: Record<string, string> }>(url);
      expect(answer.status).toBe(400);
      expect(answer.result.fields.setting_key).toBe('setting_key is required');
    }
  });
});

describe('GET /home/data/{url}.json', () => {
  it('answers the home configuration of every top category', async () => {
    expect(tops.map((top) => top.url)).toEqual(['clothings', 'shoes', 'hobbies', 'wedding']);
    const db = t.database.db;
    for (const top of tops) {
      const answer = await injectAs(t, null).get(`/home/data/${top.url}.json`);
      expect(answer.status).toBe(200);
      expect(answer.response.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.response.headers['cache-control']).toMatch(/max-age=\d+/);
      // the home configuration is the whole body, not an envelope
      const config: THomeConfig = ZHomeConfig.parse(answer.response.json());
      expect(config).not.toHaveProperty('code');

      expect(config.url).toBe(`/home/${top.url}.html`);
      expect(config.title).toContain(top.name);
      expect(config.title).toContain(SHOP_NAME);
      expect(config.description.length).toBeGreaterThan(10);
      expect(config.keywords).toContain(top.name);
      expect(config.icon).toBe(top.icon);
      expect(config.classify).toEqual(tops.map(({ name, url, id }) => ({ name, url, id })));

      const { big_image, hot_recommend, three_image, featured_products } = config.homeConfig;
      expect(big_image).toEqual([
        {
          image: top.image,
          title: top.name,
          classify_id: `${top.url}-${top.id}`,
          url: { url: `/classify/${top.url}-${top.id}.html` },
        },
      ]);
      expect(hot_recommend.length).toBeGreaterThan(0);
      expect(hot_recommend.length).toBeLessThanOrEqual(4);
      expect(hot_recommend.length % 2).toBe(0);
      for (const entry of hot_recommend) {
        const child = top.children.find((c) => `${c.url}-${c.id}` === entry.classify_id);
        expect(child).toBeDefined();
        expect(entry).toEqual({
          image: child?.image || child?.icon,
          title: child?.name,
          classify_id: `${child?.url}-${child?.id}`,
          url: { url: `/classify/${child?.url}-${child?.id}.html` },
        });
      }
      expect(three_image.map((entry) => entry.title)).toEqual(tops.filter((o) => o.id !== top.id).map((o) => o.name));
      for (const entry of [...big_image, ...hot_recommend, ...three_image]) expect(entry.image).toMatch(/^\/media\//);

      // featured products: the best sellers of this top category, on sale, with their prices in dollars
      expect(featured_products.length).toBeGreaterThan(0);
      const expected = await db
        .selectFrom('goods')
        .select(['id', 'name', 'url', 'min_price', 'discount', 'sales'])
        .where('status', '=', 1)
        .where('category_id', 'in', subtreeIds(top))
        .orderBy('sales', 'desc')
        .orderBy('id', 'desc')
        .limit(12)
        .execute();
      expect(featured_products.map((p) => p.id)).toEqual(expected.map((g) => g.id));
      for (const [i, product] of featured_products.entries()) {
        const goods = expected[i];
        expect(product.name).toBe(goods?.name);
        expect(product.url).toBe(goods?.url);
        expect(product.price).toBe((goods?.min_price ?? 0) / 100);
        expect(product.discount).toBe(goods?.discount);
        expect(product.origin_price).toBeGreaterThanOrEqual(product.price);
        expect(product.images.length).toBeGreaterThan(0);
        expect(product.images[0]).toMatch(/^\/media\/goods\/\d+-.+\.svg$/);
      }
      expect(featured_products.map((p) => p.url)).not.toContain(offSaleUrl);
    }
  });

  it('shows a price change in the home configuration at once', async () => {
    const top = tops[0];
    const before = ZHomeConfig.parse((await injectAs(t, null).get(`/home/data/${top?.url}.json`)).response.json());
    const first = before.homeConfig.featured_products[0];
    const sku = await t.database.db
      .selectFrom('skus')
      .select(['id', 'price'])
      .where('goods_id', '=', first?.id ?? 0)
      .orderBy('price')
      .executeTakeFirstOrThrow();
    await t.app.services.catalog.updateSku(sku.id, { price: 100 });
    try {
      const after = ZHomeConfig.parse((await injectAs(t, null).get(`/home/data/${top?.url}.json`)).response.json());
      expect(after.homeConfig.featured_products.find((p) => p.id === first?.id)?.price).toBe(1);
    } finally {
      await t.app.services.catalog.updateSku(sku.id, { price: sku.price });
    }
  });

  it('answers a JSON 404 for a category that is not a top category', async () => {
    const leaf = tops[0]?.children[0];
    for (const url of ['/home/data/nothing.json', `/home/data/${leaf?.url}.json`]) {
      const answer = await injectAs(t, null).get(url);
      expect(answer.status).toBe(404);
      expect(answer).toMatchObject({ code: 404, result: null });
    }
  });
});

describe('help pages', () => {
  // each test starts from the reference pages: no edit or new page of another test in sight
  beforeEach(async () => {
    await t.database.db.deleteFrom('help_pages').where('key', 'in', ['about_payment', 'size_guide']).execute();
    await seedReferenceContent(t.database.db);
    t.app.services.site.forget();
  });

  it('lists every help page, footer keys included, in the help center order', async () => {
    const answer = await injectAs(t, null).get<{ data: THelpPageSummary[]; total: number }>('/api/help/pages');
    expect(answer.status).toBe(200);
    const { data, total } = answer.result;
    expect(data.map((page) => page.key)).toEqual([...HELP_PAGE_KEYS]);
    expect(total).toBe(HELP_PAGE_KEYS.length);
    for (const key of HELP_CONTACT_KEYS) expect(data.map((page) => page.key)).toContain(key);
    expect(data.find((page) => page.key === 'returns_exchanges')?.title).toBe('Returns & exchanges');
  });

  it('answers each page with real Markdown', async () => {
    for (const key of HELP_PAGE_KEYS) {
      const answer = await injectAs(t, null).get(`/api/help/page?key=${key}`);
      expect(answer.status).toBe(200);
      const page = ZHelpPageResponse.parse(answer).result;
      expect(page.key).toBe(key);
      expect(page.title.length).toBeGreaterThan(0);
      expect(page.body_markdown).toMatch(/^## /m);
      expect(page.body_markdown.length).toBeGreaterThan(600);
      expect(page.body_markdown).not.toMatch(/lorem ipsum/i);
      expect(new Date(page.updated_at).toISOString()).toBe(page.updated_at);
    }
  });

  it('answers 404 for an unknown page and 400 for a missing or malformed key', async () => {
    expect((await injectAs(t, null).get('/api/help/page?key=no_such_page')).status).toBe(404);
    for (const url of ['/api/help/page', '/api/help/page?key=', '/api/help/page?key=Not%20A%20Key']) {
      const answer = await injectAs(t, null).get<{ fields: Record<string, string> }>(url);
      expect(answer.status).toBe(400);
      expect(answer.result.fields).toHaveProperty('key');
    }
  });

  it('lets only staff with content.edit edit a page', async () => {
    const edit = { key: 'about_payment', title: 'Paying for your order', body_markdown: '## Cards\n\nWe take cards.' };
    const anonymous = await putHelp(edit);
    expect(anonymous.status).toBe(401);
    const asShopper = await putHelp(edit, shopperToken);
    expect([401, 403]).toContain(asShopper.status);
    // a support agent may not rewrite the Terms or the Privacy Policy
    const agentToken = (
      await injectAs(t, null).post<TTokenPair>('/admin/login', { username: 'agent@example.com', password: 'Agent1234' })
    ).result.token;
    expect((await putHelp(edit, agentToken)).status).toBe(403);
    const page = (await injectAs(t, null).get<THelpPage>('/api/help/page?key=about_payment')).result;
    expect(page.title).toBe('About payment');
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ key: 'about_payment', title: '', body_markdown: 'text' }, 'title'],
      [{ key: 'about_payment', title: '   ', body_markdown: 'text' }, 'title'],
      [{ key: 'about_payment', title: 'x'.repeat(121), body_markdown: 'text' }, 'title'],
      [{ key: 'about_payment', title: 'Payment', body_markdown: '' }, 'body_markdown'],
      [{ key: 'about_payment', title: 'Payment', body_markdown: 'x'.repeat(100_001) }, 'body_markdown'],
      [{ key: 'About Payment', title: 'Payment', body_markdown: 'text' }, 'key'],
      [{ title: 'Payment', body_markdown: 'text' }, 'key'],
      [{ key: 'about_payment', title: 42, body_markdown: 'text' }, 'title'],
    ];
    for (const [payload, field] of cases) {
      const answer = await putHelp<{ fields: Record<string, string> }>(payload, staffToken);
      expect(answer.status).toBe(400);
      expect(answer.result.fields).toHaveProperty(field);
    }
    expect((await injectAs(t, null).get<THelpPage>('/api/help/page?key=about_payment')).result.title).toBe('About payment');
  });

  it("saves a staff member's edit, which shows at once in the page, the list and the sitemap", async () => {
    const sitemapBefore = await onHost('shop.example.com').get('/sitemap.xml');
    expect(sitemapBefore.status).toBe(200);
    now += 60_000;
    const edit = {
      key: 'about_payment',
      title: '  Paying for your order ',
      body_markdown: '## Cards\n\nWe take Visa, Mastercard, American Express and Discover.',
    };
    const answer = await putHelp(edit, staffToken);
    expect(answer.status).toBe(200);
    expect(answer.result).toEqual({
      key: 'about_payment',
      title: 'Paying for your order',
      body_markdown: edit.body_markdown,
      updated_at: new Date(now).toISOString(),
    });
    const page = (await injectAs(t, null).get<THelpPage>('/api/help/page?key=about_payment')).result;
    expect(page).toMatchObject({ title: 'Paying for your order', body_markdown: edit.body_markdown });
    const list = (await injectAs(t, null).get<{ data: THelpPageSummary[] }>('/api/help/pages')).result.data;
    expect(list.find((p) => p.key === 'about_payment')?.title).toBe('Paying for your order');

    const sitemap = (await onHost('shop.example.com').get('/sitemap.xml')).response.body;
    const path = helpPagePath({ key: 'about_payment', title: 'Paying for your order' });
    expect(textOf(parseXml(sitemap), 'loc')).toContain(`http://shop.example.com${path}`);
    expect(sitemap).toContain(`<lastmod>${w3cDate(now)}</lastmod>`);
  });

  it('creates a page under a new key, listed after the known ones', async () => {
    const answer = await putHelp({ key: 'size_guide', title: 'Size guide', body_markdown: '## Dresses\n\nMeasure…' }, staffToken);
    expect(answer.status).toBe(200);
    expect((await injectAs(t, null).get<THelpPage>('/api/help/page?key=size_guide')).result.title).toBe('Size guide');
    const list = (await injectAs(t, null).get<{ data: THelpPageSummary[] }>('/api/help/pages')).result.data;
    expect(list.at(-1)).toEqual({ key: 'size_guide', title: 'Size guide' });
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every on-sale product, category, home and help page as absolute addresses', async () => {
    t.app.services.site.forget();
    const answer = await onHost('shop.example.com').get('/sitemap.xml');
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.response.headers['cache-control']).toMatch(/max-age=\d+/);
    const root = parseXml(answer.response.body);
    expect(root.name).toBe('urlset');
    const locs = textOf(root, 'loc');
    const origin = 'http://shop.example.com';
    expect(locs.every((loc) => loc.startsWith(`${origin}/`))).toBe(true);
    expect(new Set(locs).size).toBe(locs.length);

    const db = t.database.db;
    const onSale = await db.selectFrom('goods').select(['url', 'updated_at']).where('status', '=', 1).execute();
    expect(onSale.length).toBeGreaterThan(50);
    for (const goods of onSale) expect(locs).toContain(`${origin}/product/${goods.url}.html`);
    expect(locs).not.toContain(`${origin}/product/${offSaleUrl}.html`);
    expect(locs.filter((loc) => loc.includes('/product/')).length).toBe(onSale.length);

    const categories = await db.selectFrom('categories').select(['id', 'url', 'parent_id']).execute();
    for (const category of categories) expect(locs).toContain(`${origin}/classify/${category.url}-${category.id}.html`);
    for (const top of tops) expect(locs).toContain(`${origin}/home/${top.url}.html`);

    for (const path of [
      '/',
      '/recommend/recommend',
      '/help',
      '/help/AboutUs',
      '/help/brandStory',
      '/help/projectTailorMade',
      '/help/custom',
      '/help/wholesale',
      '/help/blog',
      '/help/helpContact?key=returns_exchanges&title=Returns%20%26%20exchanges',
      '/help/helpContact?key=privacy_policy&title=Privacy%20policy',
    ]) {
      expect(locs).toContain(origin + path);
    }
    for (const key of HELP_CONTACT_KEYS) expect(locs.some((loc) => loc.includes(`/help/helpContact?key=${key}&`))).toBe(true);
    expect(answer.response.body).toContain('?key=returns_exchanges&amp;title=Returns%20%26%20exchanges</loc>');

    // lastmod is the product's updated_at
    const product = onSale[0];
    const entry = root.children.find((url) => url.children[0]?.text === `${origin}/product/${product?.url}.html`);
    expect(entry?.children[1]).toMatchObject({ name: 'lastmod', text: w3cDate(product?.updated_at ?? 0) });
  });

  it('builds addresses from the host the request was sent to, and refuses a malformed Host', async () => {
    const other = await onHost('www.other-shop.test:8080').get('/sitemap.xml');
    expect(textOf(parseXml(other.response.body), 'loc')[0]).toBe('http://www.other-shop.test:8080/');
    const hostile = await onHost('evil.test/<x>').get('/sitemap.xml');
    expect(hostile.status).toBe(400);
  });

  it('has no numbered files while one file holds every address', async () => {
    expect((await onHost('shop.example.com').get('/sitemap-1.xml')).status).toBe(404);
    expect((await onHost('shop.example.com').get('/sitemap-x.xml')).status).toBe(404);
  });
});

describe('GET /robots.txt', () => {
  it('allows everything but the private paths and points to the sitemap', async () => {
    const answer = await onHost('shop.example.com').get('/robots.txt');
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/ShoppingListMain/', '/order', '/login', '/api-docs']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: http://shop.example.com/sitemap.xml');
  });
});

describe('the reference content', () => {
  it('is written again at each start only where missing: nothing added twice, staff edits kept', async () => {
    const db = t.database.db;
    const count = async (table: 'currencies' | 'help_pages' | 'settings') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const edit = { key: 'about_payment', title: 'Paying for your order', body_markdown: '## Cards\n\nWe take cards.' };
    expect((await putHelp(edit, staffToken)).status).toBe(200);
    const before = { currencies: await count('currencies'), help: await count('help_pages'), settings: await count('settings') };
    await db.deleteFrom('help_pages').where('key', '=', 'track_my_order').execute();
    await seedReferenceContent(db);
    expect({ currencies: await count('currencies'), help: await count('help_pages'), settings: await count('settings') }).toEqual(
      before,
    );
    t.app.services.site.forget();
    expect((await injectAs(t, null).get<THelpPage>('/api/help/page?key=about_payment')).result.title).toBe(
      'Paying for your order',
    );
  });
});
