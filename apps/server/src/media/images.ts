import { createHash, randomBytes } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ImageWidth } from '@shop/contracts/images';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { type FileStorage, LocalFileStorage } from '../infra/storage/file-storage';

/**
 * The shop's pictures resized to the storefront's widths and encoded as WebP. Each size of each
 * picture is encoded once and kept on disk; requests for a size being encoded wait for it, and only
 * a few encodes run at once so that a burst of new sizes cannot exhaust memory.
 */

/** Quality 78 (the storefront's setting): a demo picture 640 px wide comes out at 5–15 kB. */
const WEBP_QUALITY = 78;
/** Part of every cache key: a new encoder or new settings give new files and new ETags. */
const ENCODER_ID = `webp-q${WEBP_QUALITY}-sharp${sharp.versions.sharp}-vips${sharp.versions.vips}`;
/** The largest picture decoded (or SVG rasterised): 40 megapixels, more than a full-size camera photo. */
const MAX_INPUT_PIXELS = 40_000_000;
/** SVG is drawn at 72 dpi for its own size; sharp accepts densities up to this. */
const SVG_BASE_DENSITY = 72;
const SVG_MAX_DENSITY = 100_000;
const RESIZABLE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.gif', '.avif']);

export const ImageTexts = {
  notFound: 'Picture not found',
  notResizable: 'Only pictures (SVG, PNG, JPEG, WebP, GIF, AVIF) can be resized',
  unreadable: 'The picture cannot be read, so it cannot be resized',
} as const;

/** The source is not a picture format we resize (a PDF, a text file…). */
export class NotResizableError extends Error {
  constructor() {
    super(ImageTexts.notResizable);
    this.name = 'NotResizableError';
  }
}

/** The source claims to be a picture but cannot be decoded (truncated, corrupt, too large). */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(ImageTexts.unreadable, { cause });
    this.name = 'UnreadableImageError';
  }
}

/** A file inside the media directory, as found on disk. */
export type MediaFile = {
  /** Relative to the media directory, with forward slashes. */
  path: string;
  absolutePath: string;
  mtimeMs: number;
  size: number;
};

/** A resized picture's identity: the cache key, its key in the cache's storage and its strong ETag. */
export type ResizedImageKey = { hash: string; cacheKey: string; etag: string };

type Logger = { warn: (details: object, message: string) => void };

export type ImageServiceOptions = {
  mediaDir: string;
  /** where resized copies are kept: `cache`, else the local disk under `cacheDir` */
  cacheDir: string;
  cache?: FileStorage;
  /** Encodes at once (default 2): each holds a decoded picture in memory. */
  maxConcurrentEncodes?: number;
  log?: Logger;
};

/**
 * A media path as requested, checked segment by segment: no empty, `.`/`..` or hidden segment, no
 * backslash or NUL. Returns null for anything that could name a file outside the media directory.
 */
export function safeMediaPath(requested: string): string | null {
  if (requested.length === 0 || requested.length > 512) return null;
  if (requested.includes('\\') || requested.includes('\0')) return null;
  const segments = requested.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  return segments.join('/');
}

/** A counting semaphore: at most `limit` holders, the rest wait in arrival order. */
export class EncodeSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `active` never drops and rises again.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

async function readIfPresent(storage: FileStorage, key: string): Promise<Buffer | null> {
  const content = await storage.open(key);
  return content ? buffer(content) : null;
}

/** Decodes `source` and encodes it `width` pixels wide; SVG is drawn at that width, rasters never enlarged. */
async function encodeWebp(source: Buffer, width: number): Promise<Buffer> {
  try {
    const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
    const metadata = await sharp(source, input).metadata();
    if (metadata.format === 'svg') {
      if (!metadata.width) throw new Error('SVG without a width');
      const density = Math.min(SVG_MAX_DENSITY, (SVG_BASE_DENSITY * width) / metadata.width);
      return await sharp(source, { ...input, density })
        .resize({ width })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
    }
    return await sharp(source, { ...input, autoOrient: true })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}

/** The photo formats a shopper may upload (read from the bytes). */
const PHOTO_MIME = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/**
 * A photo a shopper uploaded, made safe to show: its type read from the bytes (never the name or
 * the browser's claim), turned upright, at most `width` wide, re-encoded as WebP with no metadata
 * (sharp writes none unless asked, so EXIF and its GPS position are gone). Throws NotResizableError
 * when the bytes are not a photo, UnreadableImageError when they cannot be decoded.
 */
export async function normalisePhoto(source: Buffer, width: number): Promise<{ webp: Buffer; width: number; height: number }> {
  const detected = await fileTypeFromBuffer(source);
  if (!detected || !PHOTO_MIME.has(detected.mime)) throw new NotResizableError();
  const webp = await encodeWebp(source, width);
  const metadata = await sharp(webp).metadata();
  return { webp, width: metadata.width ?? 0, height: metadata.height ?? 0 };
}

/** The bytes of a picture sent as base64 or as a data URL; null when the text is not base64 or holds nothing. */
export function decodeBase64Upload(file: string): Buffer | null {
  const comma = file.startsWith('data:') ? file.indexOf(',') : -1;
  const payload = (comma >= 0 ? file.slice(comma + 1) : file).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) return null;
  const bytes = Buffer.from(payload, 'base64');
  return bytes.length === 0 ? null : bytes;
}

/** The media's storage: keys are paths under the media directory, as the pictures' /media/ addresses name them. */
export const mediaStorage = (mediaDir: string): FileStorage => LocalFileStorage.byPath(mediaDir);

/**
 * An uploaded photo made safe (`normalisePhoto`) and kept under a random name in `folder` of the
 * media's storage; its /media/ address and size. Throws as `normalisePhoto` does.
 */
export async function keepUploadedPhoto(
  source: Buffer,
  { media, folder, width }: { media: FileStorage; folder: string; width: number },
): Promise<{ url: string; width: number; height: number }> {
  const photo = await normalisePhoto(source, width);
  const name = `${randomBytes(32).toString('hex')}.webp`;
  await media.put(`${folder}/${name}`, Readable.from([photo.webp]));
  return { url: `/media/${folder}/${name}`, width: photo.width, height: photo.height };
}

export function createImageService(options: ImageServiceOptions) {
  const { mediaDir, log } = options;
  const cache = options.cache ?? LocalFileStorage.byPath(options.cacheDir);
  const slots = new EncodeSlots(options.maxConcurrentEncodes ?? 2);
  const inFlight = new Map<string, Promise<Buffer>>();
  const stats = { encodes: 0 };
  let realMediaDir: Promise<string> | null = null;

  /** The file at a requested media path, or null when it is not a file inside the media directory. */
  async function find(requested: string): Promise<MediaFile | null> {
    const path = safeMediaPath(requested);
    if (!path) return null;
    realMediaDir ??= realpath(mediaDir).catch((error: unknown) => {
      realMediaDir = null;
      throw error;
    });
    const root = await realMediaDir;
    try {
      // Resolving links too: a link may not lead out of the media directory.
      const absolutePath = await realpath(join(root, path));
      if (!absolutePath.startsWith(root + sep)) return null;
      const info = await stat(absolutePath);
      if (!info.isFile()) return null;
      return { path, absolutePath, mtimeMs: info.mtimeMs, size: info.size };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ENAMETOOLONG') return null;
      throw error;
    }
  }

  /** Whether `file` can be asked for at another width (judged by its name; its bytes decide later). */
  const isResizable = (file: MediaFile) => RESIZABLE_EXTENSIONS.has(extname(file.path).toLowerCase());

  /** Path, modification time, size, width and encoder decide the bytes, so they make the key. */
  function keyOf(file: MediaFile, width: ImageWidth): ResizedImageKey {
    const hash = createHash('sha256').update([ENCODER_ID, file.path, file.mtimeMs, file.size, width].join('\0')).digest('hex');
    return { hash, cacheKey: `${hash.slice(0, 2)}/${hash}.webp`, etag: `"${hash.slice(0, 40)}"` };
  }

  async function encodeAndKeep(file: MediaFile, width: ImageWidth, key: ResizedImageKey): Promise<Buffer> {
    return slots.run(async () => {
      // Another request (or instance sharing the cache) may have finished it while this one waited.
      const kept = await readIfPresent(cache, key.cacheKey);
      if (kept) return kept;
      const source = await readFile(file.absolutePath);
      stats.encodes++;
      const webp = await encodeWebp(source, width);
      // The storage writes it whole or not at all: a reader never sees half a file.
      try {
        await cache.put(key.cacheKey, Readable.from([webp]));
      } catch (error) {
        log?.warn({ err: error, file: key.cacheKey }, 'resized picture not cached');
      }
      return webp;
    });
  }

  /**
   * The WebP of `file` at `width`: from the disk cache, or encoded once however many requests
   * ask for it meanwhile. Throws NotResizableError or UnreadableImageError for a bad source.
   */
  async function resized(file: MediaFile, width: ImageWidth): Promise<Buffer> {
    if (!isResizable(file)) throw new NotResizableError();
    const key = keyOf(file, width);
    const kept = await readIfPresent(cache, key.cacheKey);
    if (kept) return kept;
    let pending = inFlight.get(key.hash);
    if (!pending) {
      pending = encodeAndKeep(file, width, key).finally(() => inFlight.delete(key.hash));
      inFlight.set(key.hash, pending);
    }
    return pending;
  }

  return {
    find,
    isResizable,
    keyOf,
    resized,
    /** How many encodes have run since start (the cache and single flight keep this low). */
    get encodes() {
      return stats.encodes;
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
