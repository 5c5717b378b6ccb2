import type { TCategory } from '@shop/contracts/catalog';
import type { TCurrency, THomeConfig, TSiteConfig } from '@shop/contracts/site';
import {
  CurrencyMessages,
  HomeAdminMessages,
  SiteAdminPaths,
  type TAdminCurrency,
  type TAdminHomePage,
  type THomePageSummary,
  type THomeUploaded,
  type TSiteSettings,
} from '@shop/contracts/site-admin';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { seedCatalog } from '../../seed/catalog';
import { auditTrailOf, makeStaffToken } from '../../testing/fixtures';
import { appPerFile, createTestApp, injectAs, type TestApp } from '../../testing/harness';
import { pictureName } from './admin';
import { withLayout } from './home-config';

let t: TestApp;
let admin: string;
let operator: string;
let csr: string;
let tops: TCategory[] = [];
let picture = '';

const auditOf = (type: string, id: number | string) =>
  auditTrailOf(t.database.db, type, id, ['action', 'staff_id', 'before_json', 'after_json'] as const);

const homeConfig = async (app: TestApp, url: string) =>
  (await app.app.inject({ method: 'GET', url: `/home/data/${url}.json` })).json() as THomeConfig;

const png = async (background: string) =>
  `data:image/png;base64,${(
    await sharp({ create: { width: 400, height: 150, channels: 3, background } })
      .png()
      .toBuffer()
  ).toString('base64')}`;

appPerFile(async (made) => {
  t = made;
  await seedCatalog(t.database.db, { mediaDir: t.dataDir, goodsPerLeaf: 2, drawImages: false });
  tops = (await injectAs(t, null).get<TCategory[]>('/shop/goods/classify')).result;
  admin = await makeStaffToken(t, 'admin');
  operator = await makeStaffToken(t, 'operator');
  csr = await makeStaffToken(t, 'csr');
  const upload = await injectAs(t, operator).post<THomeUploaded>(SiteAdminPaths.homeUpload, { file: await png('#a63') });
  expect(upload.status, JSON.stringify(upload)).toBe(200);
  picture = upload.result.url;
});

const topOf = (index: number) => {
  const top = tops[index];
  if (!top) throw new Error('the demo catalogue has too few top categories');
  return top;
};

describe('home pages', () => {
  it('keeps uploaded pictures as WebP under /media/home/, audited, and refuses what is not a picture', async () => {
    expect(picture).toMatch(/^\/media\/home\/[0-9a-f]{64}\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect((await auditOf('home_picture', pictureName(picture))).map((entry) => entry.action)).toEqual(['home_picture.upload']);

    const text = await injectAs(t, operator).post(SiteAdminPaths.homeUpload, { file: Buffer.from('hello').toString('base64') });
    expect(text.status).toBe(400);
    expect(text.msg).toBe(HomeAdminMessages.notAPicture);
    const notBase64 = await injectAs(t, operator).post(SiteAdminPaths.homeUpload, { file: '***' });
    expect(notBase64.status).toBe(400);
  });

  it('lists the top categories, each made from the catalogue until staff set it', async () => {
    const list = await injectAs(t, operator).get<{ data: THomePageSummary[] }>(SiteAdminPaths.homeList);
    expect(list.status).toBe(200);
    expect(list.result.data.map((page) => page.url)).toEqual(tops.map((top) => top.url));
    expect(list.result.data.every((page) => !page.custom && page.updated_at === null)).toBe(true);

    const top = topOf(0);
    const page = await injectAs(t, operator).get<TAdminHomePage>(`${SiteAdminPaths.home}?category_id=${top.id}`);
    expect(page.status).toBe(200);
    expect(page.result.custom).toBe(false);
    expect(page.result.featured_automatic).toBe(true);
    const shown = await homeConfig(t, top.url);
    expect(page.result.big_image.map((tile) => tile.title)).toEqual(shown.homeConfig.big_image.map((image) => image.title));
    expect(page.result.featured.map((product) => product.id)).toEqual(shown.homeConfig.featured_products.map((p) => p.id));
    expect(page.result.best_sellers).toEqual(page.result.featured);
    expect(page.result.categories.some((choice) => choice.path.includes(' › '))).toBe(true);

    const leaf = top.children[0];
    const notTop = await injectAs(t, operator).get(`${SiteAdminPaths.home}?category_id=${leaf?.id}`);
    expect(notTop.status).toBe(404);
    expect((await injectAs(t, operator).get(`${SiteAdminPaths.home}?category_id=abc`)).status).toBe(400);
  });

  it('saves a home page the storefront shows at once, with an audit entry, and resets it to the catalogue', async () => {
    const top = topOf(0);
    const child = top.children[0] as TCategory;
    const before = await homeConfig(t, top.url); // cached now
    const featured = before.homeConfig.featured_products
      .slice(0, 2)
      .map((product) => product.id)
      .reverse();
    const layout = {
      category_id: top.id,
      big_image: [{ image: picture, title: 'Autumn edit', category_id: child.id }],
      hot_recommend: [
        { image: picture, title: 'One', category_id: child.id },
        { image: picture, title: 'Two', category_id: top.id },
      ],
      three_image: [],
      featured_goods_ids: featured,
    };
    const saved = await injectAs(t, operator).post<TAdminHomePage>(SiteAdminPaths.homeSave, layout);
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.msg).toBe(HomeAdminMessages.saved);
    expect(saved.result.custom).toBe(true);
    expect(saved.result.featured_automatic).toBe(false);

    const after = await homeConfig(t, top.url);
    expect(after.homeConfig.big_image).toEqual([
      {
        image: picture,
        title: 'Autumn edit',
        classify_id: `${child.url}-${child.id}`,
        url: { url: `/classify/${child.url}-${child.id}.html` },
      },
    ]);
    expect(after.homeConfig.hot_recommend.map((image) => image.title)).toEqual(['One', 'Two']);
    expect(after.homeConfig.three_image).toEqual([]);
    expect(after.homeConfig.featured_products.map((product) => product.id)).toEqual(featured);
    // the page keeps the catalogue's words
    expect(after.title).toBe(before.title);

    const [entry] = await auditOf('home_page', top.id);
    expect(entry?.action).toBe('home_page.save');
    expect(entry?.before_json).toBeNull();
    expect(JSON.parse(entry?.after_json ?? '{}')).toMatchObject({ featured_goods_ids: featured });

    const listed = await injectAs(t, operator).get<{ data: THomePageSummary[] }>(SiteAdminPaths.homeList);
    expect(listed.result.data.find((page) => page.id === top.id)?.custom).toBe(true);

    const reset = await injectAs(t, operator).post<TAdminHomePage>(SiteAdminPaths.homeReset, { category_id: top.id });
    expect(reset.status).toBe(200);
    expect(reset.result.custom).toBe(false);
    expect(await homeConfig(t, top.url)).toEqual(before);
    const entries = await auditOf('home_page', top.id);
    expect(entries.map((e) => e.action)).toEqual(['home_page.save', 'home_page.reset']);
    expect(entries[1]?.before_json).toBe(entry?.after_json);
  });

  it('refuses a layout that breaks the rules with the field and message, changing nothing', async () => {
    const top = topOf(1);
    const tile = { image: picture, title: 'Tile', category_id: top.id };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ big_image: [] }, HomeAdminMessages.bannersMin],
      [{ hot_recommend: [tile] }, HomeAdminMessages.hotEven],
      [{ three_image: [tile, tile] }, HomeAdminMessages.three],
      [{ featured_goods_ids: [1, 1] }, HomeAdminMessages.featuredTwice],
      [{ big_image: [{ ...tile, image: 'https://elsewhere.example/x.png' }] }, HomeAdminMessages.picture],
      [{ big_image: [{ ...tile, image: '/media/../shop.db' }] }, HomeAdminMessages.picture],
      [{ big_image: [{ ...tile, image: '/media/home/none.webp' }] }, HomeAdminMessages.pictureMissing],
      [{ big_image: [{ ...tile, title: '  ' }] }, HomeAdminMessages.title],
      [{ big_image: [{ ...tile, category_id: 2_000_000 }] }, HomeAdminMessages.categoryUnknown],
      [{ featured_goods_ids: [2_000_000] }, HomeAdminMessages.featuredUnknown],
    ];
    for (const [change, message] of cases) {
      const payload = {
        category_id: top.id,
        big_image: [tile],
        hot_recommend: [],
        three_image: [],
        featured_goods_ids: [],
        ...change,
      };
      const answer = await injectAs(t, operator).post<{ fields?: Record<string, string> }>(SiteAdminPaths.homeSave, payload);
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(Object.values(answer.result?.fields ?? {}).concat(answer.msg)).toContain(message);
    }
    const unknownTop = await injectAs(t, operator).post(SiteAdminPaths.homeSave, {
      category_id: 2_000_000,
      big_image: [tile],
      hot_recommend: [],
      three_image: [],
      featured_goods_ids: [],
    });
    expect(unknownTop.status).toBe(404);
    expect(await auditOf('home_page', top.id)).toEqual([]);
    const list = await injectAs(t, operator).get<{ data: THomePageSummary[] }>(SiteAdminPaths.homeList);
    expect(list.result.data.find((page) => page.id === top.id)?.custom).toBe(false);
  });

  it('is the catalogue editors’ work: a support agent may not', async () => {
    expect((await injectAs(t, csr).get(SiteAdminPaths.homeList)).status).toBe(403);
    expect((await injectAs(t, csr).post(SiteAdminPaths.homeReset, { category_id: topOf(0).id })).status).toBe(403);
  });

  it.skipIf(!process.env.TEST_REDIS_URL || process.env.SHOP_TEST_DB !== 'postgres')(
    'shows a saved page on every instance',
    async () => {
      const other = await createTestApp({ sameStoreAs: t });
      try {
        const top = topOf(2);
        const before = await homeConfig(other, top.url);
        const saved = await injectAs(t, operator).post(SiteAdminPaths.homeSave, {
          category_id: top.id,
          big_image: [{ image: picture, title: 'Everywhere', category_id: top.id }],
          hot_recommend: [],
          three_image: [],
          featured_goods_ids: [],
        });
        expect(saved.status).toBe(200);
        expect(before.homeConfig.big_image[0]?.title).not.toBe('Everywhere');
        await vi.waitFor(async () =>
          expect((await homeConfig(other, top.url)).homeConfig.big_image[0]?.title).toBe('Everywhere'),
        );
      } finally {
        // back to the catalogue's page: the list test expects no page set by staff
        await injectAs(t, operator).post(SiteAdminPaths.homeReset, { category_id: topOf(2).id });
        await other.close();
      }
    },
  );
});

describe('site settings', () => {
  it('answers the settings and saves a change the site config shows at once, audited by key', async () => {
    const current = await injectAs(t, admin).get<TSiteSettings>(SiteAdminPaths.settings);
    expect(current.status).toBe(200);
    expect(current.result.head_nav.length).toBeGreaterThan(0);
    await injectAs(t, null).get('/shop/common/setting'); // cached now

    const next: TSiteSettings = {
      ...current.result,
      socialcontact: { ...current.result.socialcontact, tiktok: 'https://www.tiktok.com/@aurelle.new' },
      company: { ...current.result.company, phone: '+1 (916) 555-0199' },
      head_nav: [{ title: 'Sale', url: '/recommend/recommend' }],
    };
    const saved = await injectAs(t, admin).post<TSiteSettings>(SiteAdminPaths.settings, next);
    expect(saved.status, saved.msg).toBe(200);
    expect(saved.result).toEqual(next);

    const config = (await injectAs(t, null).get<TSiteConfig>('/shop/common/setting')).result;
    expect(config.socialcontact.tiktok).toBe('https://www.tiktok.com/@aurelle.new');
    expect(config.company.phone).toBe('+1 (916) 555-0199');
    expect(config.headNav).toEqual([{ title: 'Sale', url: '/recommend/recommend' }]);

    const [entry] = await auditOf('site_settings', 'site');
    expect(entry?.action).toBe('site_settings.save');
    expect(Object.keys(JSON.parse(entry?.after_json ?? '{}')).sort()).toEqual([
      'site.company.phone',
      'site.head_nav',
      'site.social.tiktok',
    ]);
    expect(JSON.parse(entry?.before_json ?? '{}')['site.social.tiktok']).toBe(current.result.socialcontact.tiktok);

    // the same form again changes nothing and writes no entry
    await injectAs(t, admin).post(SiteAdminPaths.settings, next);
    expect(await auditOf('site_settings', 'site')).toHaveLength(1);
  });

  it('refuses links that are not https, a bad e-mail address and too many header links', async () => {
    const { result: current } = await injectAs(t, admin).get<TSiteSettings>(SiteAdminPaths.settings);
    const bad: Array<[TSiteSettings, string]> = [
      [{ ...current, socialcontact: { ...current.socialcontact, facebook: 'javascript:alert(1)' } }, 'socialcontact.facebook'],
      [{ ...current, app: { ...current.app, ios_url: 'http://apps.apple.com/x' } }, 'app.ios_url'],
      [{ ...current, company: { ...current.company, email: 'not-an-address' } }, 'company.email'],
      [{ ...current, head_nav: Array.from({ length: 9 }, () => ({ title: 'x', url: '/x' })) }, 'head_nav'],
      [{ ...current, head_nav: [{ title: 'x', url: '//evil.example' }] }, 'head_nav.0.url'],
    ];
    for (const [payload, field] of bad) {
      const answer = await injectAs(t, admin).post<{ fields: Record<string, string> }>(SiteAdminPaths.settings, payload);
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.result.fields), field).toContain(field);
    }
    expect(await injectAs(t, admin).get<TSiteSettings>(SiteAdminPaths.settings)).toMatchObject({ result: current });
  });

  it('is content.edit: an operator may not', async () => {
    expect((await injectAs(t, operator).get(SiteAdminPaths.settings)).status).toBe(403);
    expect((await injectAs(t, operator).get(SiteAdminPaths.currencies)).status).toBe(403);
  });
});

describe('currencies', () => {
  const shopperList = async () => (await injectAs(t, null).get<{ data: TCurrency[] }>('/api/exchange/rate/list')).result.data;

  it('lists every currency, changes a rate and adds one, the picker following at once, each audited', async () => {
    const list = await injectAs(t, admin).get<{ data: TAdminCurrency[] }>(SiteAdminPaths.currencies);
    expect(list.status).toBe(200);
    const eur = list.result.data.find((currency) => currency.currency_code === 'EUR') as TAdminCurrency;
    expect(eur.exchange_rate).toBe('0.92');
    await shopperList(); // cached now

    const changed = await injectAs(t, admin).post<TAdminCurrency>(SiteAdminPaths.currencySave, {
      ...eur,
      exchange_rate: '0.9312',
    });
    expect(changed.status, changed.msg).toBe(200);
    expect(changed.result.exchange_rate).toBe('0.9312');
    expect((await shopperList()).find((currency) => currency.currency_code === 'EUR')?.exchange_rate).toBe(0.9312);
    const [edit] = await auditOf('currency', eur.id);
    expect(edit?.action).toBe('currency.edit');
    expect(JSON.parse(edit?.before_json ?? '{}').exchange_rate).toBe('0.92');
    expect(JSON.parse(edit?.after_json ?? '{}').exchange_rate).toBe('0.9312');

    const added = await injectAs(t, admin).post<TAdminCurrency>(SiteAdminPaths.currencySave, {
      currency_code: 'dkk',
      name: 'Danish Krone',
      unit: 'kr.',
      cn_name: '',
      exchange_rate: '6.87',
      sort: 50,
      enabled: true,
    });
    expect(added.status, added.msg).toBe(200);
    expect(added.result).toMatchObject({ currency_code: 'DKK', exchange_rate: '6.87', enabled: true });
    expect((await shopperList()).some((currency) => currency.currency_code === 'DKK')).toBe(true);
    expect((await auditOf('currency', added.result.id)).map((e) => e.action)).toEqual(['currency.add']);

    const off = await injectAs(t, admin).post<TAdminCurrency>(SiteAdminPaths.currencySave, { ...added.result, enabled: false });
    expect(off.result.enabled).toBe(false);
    expect((await shopperList()).some((currency) => currency.currency_code === 'DKK')).toBe(false);
  });

  it('refuses a bad rate, a taken code and a change to US dollars, changing nothing', async () => {
    const { result } = await injectAs(t, admin).get<{ data: TAdminCurrency[] }>(SiteAdminPaths.currencies);
    const usd = result.data.find((currency) => currency.currency_code === 'USD') as TAdminCurrency;
    const gbp = result.data.find((currency) => currency.currency_code === 'GBP') as TAdminCurrency;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...gbp, exchange_rate: '0' }, 'exchange_rate', CurrencyMessages.rate],
      [{ ...gbp, exchange_rate: '-1' }, 'exchange_rate', CurrencyMessages.rate],
      [{ ...gbp, exchange_rate: '1.1234567' }, 'exchange_rate', CurrencyMessages.rate],
      [{ ...gbp, exchange_rate: '1e3' }, 'exchange_rate', CurrencyMessages.rate],
      [{ ...gbp, currency_code: 'EURO' }, 'currency_code', CurrencyMessages.code],
      [{ ...gbp, currency_code: 'EUR' }, 'currency_code', CurrencyMessages.codeTaken],
      [{ ...usd, exchange_rate: '1.1' }, 'exchange_rate', CurrencyMessages.usdRate],
      [{ ...usd, enabled: false }, 'exchange_rate', CurrencyMessages.usdRate],
      [{ ...usd, currency_code: 'USX' }, 'currency_code', CurrencyMessages.usdCode],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await injectAs(t, admin).post<{ fields: Record<string, string> }>(SiteAdminPaths.currencySave, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.result.fields[field]).toBe(message);
    }
    const missing = await injectAs(t, admin).post(SiteAdminPaths.currencySave, { ...gbp, id: 2_000_000 });
    expect(missing.status).toBe(404);
    expect(await injectAs(t, admin).get(SiteAdminPaths.currencies)).toMatchObject({ result });
    expect(await auditOf('currency', gbp.id)).toEqual([]);
  });
});

describe('help pages', () => {
  it('leaves the legal pages to content.edit: an operator may not change the privacy policy', async () => {
    const answer = await injectAs(t, operator).put('/admin/help/page', {
      key: 'privacy_policy',
      title: 'Privacy',
      body_markdown: 'Nothing.',
    });
    expect(answer.status).toBe(403);
    const page = await injectAs(t, null).get<{ body_markdown: string }>('/api/help/page?key=privacy_policy');
    expect(page.result.body_markdown).not.toBe('Nothing.');
  });
});

describe('a saved layout over a changed catalogue', () => {
  it('leaves out the pictures of a category taken out, keeping the rows in pairs and in threes', async () => {
    const top = topOf(0);
    const [a, b, c] = top.children as [TCategory, TCategory, TCategory];
    const config = await homeConfig(t, top.url);
    const gone = 2_000_000;
    const tile = (category_id: number, title: string) => ({ image: '/media/home/x.webp', title, category_id });
    const shown = withLayout(
      config,
      {
        big_image: [tile(gone, 'Gone')],
        hot_recommend: [tile(a.id, 'A'), tile(gone, 'Gone'), tile(b.id, 'B'), tile(c.id, 'C')],
        three_image: [tile(a.id, 'A'), tile(b.id, 'B'), tile(gone, 'Gone')],
        featured_goods_ids: [],
      },
      tops,
    );
    // no banner left: the catalogue's stays
    expect(shown.homeConfig.big_image).toEqual(config.homeConfig.big_image);
    expect(shown.homeConfig.hot_recommend.map((image) => image.title)).toEqual(['A', 'B']);
    expect(shown.homeConfig.three_image).toEqual([]);
    expect(shown.title).toBe(config.title);
  });
});
