import { mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { ImageQueryTexts } from '@shop/contracts/images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawBannerSvg, drawProductSvg } from '../seed/images';
import { createTestApp, listen, type TestApp } from '../testing/harness';
import { createImageService, EncodeSlots, ImageTexts, safeMediaPath } from './images';

const PICTURE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

let t: TestApp;
let base: string;
let mediaDir: string;
const productSvg = drawProductSvg({ kind: 'dress', name: 'Floral Midi Dress', color: 'Navy', view: 'main', variation: 0.4 });

/** A raw GET that keeps the path exactly as written (fetch and inject would resolve the dots). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/`, { path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const cacheFiles = () =>
  readdirSync(join(t.dataDir, 'cache', 'images'), { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.webp'),
  );

beforeAll(async () => {
  t = await createTestApp();
  base = (await listen(t)).http;
  mediaDir = join(t.dataDir, 'media');
  for (const dir of ['goods', 'banners', 'photos']) mkdirSync(join(mediaDir, dir), { recursive: true });
  writeFileSync(join(mediaDir, 'goods', '12-navy.svg'), productSvg);
  writeFileSync(join(mediaDir, 'goods', '13-navy.svg'), productSvg);
  writeFileSync(join(mediaDir, 'goods', '14-navy.svg'), productSvg);
  writeFileSync(
    join(mediaDir, 'banners', 'women.svg'),
    drawBannerSvg({
      title: 'Women',
      tagline: 'New season',
      tint: ['#f3e7dc', '#e6d3c4'],
      items: [{ kind: 'dress', name: 'Wrap Dress', color: 'Red' }],
    }),
  );
  writeFileSync(
    join(mediaDir, 'photos', 'small.png'),
    await sharp({ create: { width: 100, height: 50, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(join(mediaDir, 'photos', 'broken.png'), Buffer.from('\x89PNG\r\n\x1a\nnot really a picture'));
  writeFileSync(join(mediaDir, 'photos', 'notes.txt'), 'size guide');
  writeFileSync(join(mediaDir, '.hidden.svg'), productSvg);
  writeFileSync(join(t.dataDir, 'secret.svg'), productSvg);
  symlinkSync(join(t.dataDir, 'secret.svg'), join(mediaDir, 'photos', 'link.svg'));
});

afterAll(async () => {
  await t?.close();
});

describe('resized pictures', () => {
  it('rasterises an SVG product picture at the asked width as WebP', async () => {
    const response = await t.app.inject({ url: '/media/goods/12-navy.svg?w=640' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(response.headers['content-security-policy']).toBe(PICTURE_CSP);
    const metadata = await sharp(response.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 640, height: 853 });
  });

  it('draws an SVG larger than its own size sharply instead of enlarging a raster', async () => {
    const banner = await t.app.inject({ url: '/media/banners/women.svg?w=1200' });
    expect(await sharp(banner.rawPayload).metadata()).toMatchObject({ width: 1200, height: 450 });
    const product = await t.app.inject({ url: '/media/goods/12-navy.svg?w=800' });
    expect(await sharp(product.rawPayload).metadata()).toMatchObject({ width: 800, height: 1067 });
  });

  it('never enlarges a raster picture beyond its own width', async () => {
    const response = await t.app.inject({ url: '/media/photos/small.png?w=320' });
    expect(response.statusCode).toBe(200);
    expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 100, height: 50 });
    const smaller = await t.app.inject({ url: '/media/photos/small.png?w=80' });
    expect(await sharp(smaller.rawPayload).metadata()).toMatchObject({ width: 80, height: 40 });
  });

  it('lets a versioned URL be cached for a year', async () => {
    const response = await t.app.inject({ url: '/media/goods/12-navy.svg?w=640&v=20260101' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 when the ETag is still current, and a new ETag once the file changes', async () => {
    const first = await t.app.inject({ url: '/media/goods/12-navy.svg?w=320' });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await t.app.inject({ url: '/media/goods/12-navy.svg?w=320', headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const otherWidth = await t.app.inject({ url: '/media/goods/12-navy.svg?w=240', headers: { 'if-none-match': etag } });
    expect(otherWidth.statusCode).toBe(200);

    const later = new Date(Date.now() + 60_000);
    utimesSync(join(mediaDir, 'goods', '12-navy.svg'), later, later);
    const changed = await t.app.inject({ url: '/media/goods/12-navy.svg?w=320', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('refuses a width outside the allowed list, and a malformed version, with a clear message', async () => {
    for (const query of ['w=641', 'w=0', 'w=abc', 'w=-80', 'w=640.0', 'w=', 'w=640&w=800', 'w=99999999999']) {
      const response = await t.app.inject({ url: `/media/goods/12-navy.svg?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({
        code: 400,
        msg: ImageQueryTexts.badWidth,
        result: { fields: { w: ImageQueryTexts.badWidth } },
      });
    }
    const badVersion = await t.app.inject({ url: '/media/goods/12-navy.svg?w=640&v=%3Cscript%3E' });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json()).toMatchObject({ msg: ImageQueryTexts.badVersion });
  });

  it('keeps the encoded sizes on disk and encodes each only once', async () => {
    const before = t.app.services.images.encodes;
    const first = await t.app.inject({ url: '/media/goods/13-navy.svg?w=480' });
    expect(t.app.services.images.encodes).toBe(before + 1);
    const kept = cacheFiles().length;
    const second = await t.app.inject({ url: '/media/goods/13-navy.svg?w=480' });
    expect(t.app.services.images.encodes).toBe(before + 1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(cacheFiles().length).toBe(kept);

    // A second instance on the same data directory finds the file the first one wrote.
    const other = await createTestApp({ sameStoreAs: t });
    try {
      const fromDisk = await other.app.inject({ url: '/media/goods/13-navy.svg?w=480' });
      expect(fromDisk.statusCode).toBe(200);
      expect(fromDisk.headers.etag).toBe(first.headers.etag);
      expect(fromDisk.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(other.app.services.images.encodes).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('encodes once for many identical requests arriving together', async () => {
    const before = t.app.services.images.encodes;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ url: '/media/goods/14-navy.svg?w=1200' })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(t.app.services.images.encodes).toBe(before + 1);
    const [first] = responses;
    for (const response of responses) expect(response.rawPayload.equals(first?.rawPayload ?? Buffer.alloc(0))).toBe(true);
  });

  it('answers a corrupt picture with 422 and a file that is no picture with 415, never a 500', async () => {
    const broken = await t.app.inject({ url: '/media/photos/broken.png?w=160' });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({ code: 422, msg: ImageTexts.unreadable, result: null });
    expect(broken.headers.etag).toBeUndefined();
    const notes = await t.app.inject({ url: '/media/photos/notes.txt?w=160' });
    expect(notes.statusCode).toBe(415);
    expect(notes.json()).toEqual({ code: 415, msg: ImageTexts.notResizable, result: null });
  });
});

describe('original pictures', () => {
  it('serves an SVG as stored, under a policy that forbids script', async () => {
    const response = await t.app.inject({ url: '/media/banners/women.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['content-security-policy']).toBe(PICTURE_CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.body).toContain('<title>Women</title>');
    const product = await t.app.inject({ url: '/media/goods/14-navy.svg' });
    expect(product.body).toBe(productSvg);
  });

  it('answers 404 for a missing picture, a hidden file and any path leading out of the media folder', async () => {
    const paths = [
      '/media/goods/missing.svg',
      '/media/.hidden.svg',
      '/media/../secret.svg',
      '/media/../config',
      '/media/goods/../../secret.svg',
      '/media/%2e%2e/secret.svg',
      '/media/%2E%2E%2Fsecret.svg',
      '/media/..%2fsecret.svg',
      '/media/goods/..%5c..%5csecret.svg',
      '/media/%252e%252e/secret.svg',
      '/media//etc/passwd',
      '/media/photos/link.svg',
      '/media/goods',
      '/media/',
      `/media/${'a'.repeat(300)}.svg`,
      `/media/${'a/'.repeat(150)}b.svg`,
    ];
    for (const path of paths) {
      for (const query of ['', '?w=320']) {
        const response = await rawGet(path + query);
        expect(response.status, path + query).toBe(404);
        expect(response.body).not.toContain('<svg');
      }
    }
  });

  it('serves a file that is no picture as it always did', async () => {
    const response = await t.app.inject({ url: '/media/photos/notes.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('size guide');
  });
});

describe('the image service', () => {
  it('accepts only plain relative paths', () => {
    expect(safeMediaPath('goods/12-navy.svg')).toBe('goods/12-navy.svg');
    for (const bad of ['', '../x', 'a/../../x', 'a//b', '/etc/passwd', '.env', 'a/./b', 'a\\..\\b', 'a\0b']) {
      expect(safeMediaPath(bad), bad).toBeNull();
    }
  });

  it('runs at most the allowed number of encodes at once', async () => {
    const slots = new EncodeSlots(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        slots.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(i);
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toHaveLength(7);
  });

  it('lets a failed encode free its slot', async () => {
    const slots = new EncodeSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });

  it('keys a size by path, modification time, size and width', async () => {
    const images = createImageService({ mediaDir, cacheDir: join(t.dataDir, 'cache', 'images') });
    const file = await images.find('goods/14-navy.svg');
    if (!file) throw new Error('fixture missing');
    expect(images.keyOf(file, 320).etag).not.toBe(images.keyOf(file, 480).etag);
    expect(images.keyOf(file, 320).etag).not.toBe(images.keyOf({ ...file, mtimeMs: file.mtimeMs + 1 }, 320).etag);
    expect(images.keyOf(file, 320).etag).not.toBe(images.keyOf({ ...file, path: 'goods/13-navy.svg' }, 320).etag);
    expect(images.keyOf(file, 320)).toEqual(images.keyOf({ ...file }, 320));
  });
});
