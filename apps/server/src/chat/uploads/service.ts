import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import {
  CHAT_UPLOAD_MAX_BYTES,
  CHAT_UPLOAD_TTL_MS,
  ChatTexts,
  IMAGE_SUFFIXES,
  type TChatUpload,
} from '@shop/contracts/chat-protocol';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/database';
import type { ChatUploadsTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type FileStorage, isStorageKey, newStorageKey } from './storage';

/** Where a stored chat file is served (spec 7 "Chat service": the worker/kefu.HttpIndex family). */
export const CHAT_FILE_PATH = '/worker/kefu.HttpIndex/file';

export const UploadTexts = {
  missingFile: 'Choose a file to upload (a multipart form with the file in the field "file")',
  oneFile: 'Send one file at a time, in the field "file"',
  emptyFile: 'The file is empty',
  badKind: 'kind must be image or file',
  interrupted: 'The upload was interrupted, please try again',
  unreadable: 'The upload could not be read: send a multipart/form-data body',
  tooManyFields: 'The upload form has too many fields',
  notFound: 'The file does not exist or has expired',
} as const;

/** Who uploads: the row records it, and a guest may be refused (spec 5). */
export type ChatUploader = {
  type: 'tourist' | 'csr';
  id: number;
  /** a tourist not linked to a signed-in shopper */
  guest: boolean;
};

/** One part of a multipart body, as @fastify/multipart hands it over. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

export type UploadKind = 'image' | 'file';

/** How a stored file is served. */
export type FileDescription = {
  name: string;
  size: number;
  /** Only raster images are shown inline; everything else (HTML, SVG, PDF, …) is a download. */
  inlineMime: string | null;
  /** seconds until the file expires: no cache keeps it longer */
  maxAgeS: number;
};

export type ServedFile = FileDescription & { content: Readable };

export type ChatUploadService = ReturnType<typeof createChatUploadService>;

/**
 * The raster formats shown inline: spec 3's image suffixes without SVG, which can carry script
 * and is therefore always a download. `jpeg` is file-type's `jpg`.
 */
const INLINE_IMAGES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};
const imageSuffixes = new Set<string>(IMAGE_SUFFIXES.filter((suffix) => suffix !== 'svg'));

/** How many leading bytes the type is read from. */
const SNIFF_BYTES = 64 * 1024;
const NAME_MAX_LENGTH = 255;

const tooLarge = () => new AppError('payload_too_large', ChatTexts.uploadTooLarge);

/**
 * The name shown in the chat and offered when downloading. Never part of a path: only the last
 * path segment is kept, control and bidi-format characters are dropped, and it is capped.
 */
export function displayName(original: string | undefined, suffix: string): string {
  const lastSegment = (original ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim();
  const name = cleaned === '.' || cleaned === '..' ? '' : cleaned;
  const capped = Array.from(name).slice(0, NAME_MAX_LENGTH).join('');
  return capped || `file.${suffix}`;
}

type Sniffed = { mime: string; suffix: string };

/** Recognises text formats file-type leaves alone, so that SVG and HTML are labelled as what they are. */
function sniffText(head: string, fallback: Sniffed): Sniffed {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (!text.startsWith('<')) return fallback;
  if (/^(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body|script)[\s>/]/i.test(text)) {
    return { mime: 'text/html', suffix: 'html' };
  }
  if (/<svg[\s>/]/i.test(text)) return { mime: 'image/svg+xml', suffix: 'svg' };
  return fallback;
}

/**
 * The type read from the bytes (never from the name or the browser's claim): file-type's magic
 * numbers first; then valid UTF-8 without NULs is text; anything else is opaque binary.
 */
export async function sniff(sample: Buffer, isText: boolean): Promise<Sniffed> {
  const detected = await fileTypeFromBuffer(sample);
  if (detected && detected.ext !== 'xml') return { mime: detected.mime, suffix: detected.ext };
  const xml = detected ? { mime: detected.mime, suffix: detected.ext } : null;
  if (isText) return sniffText(sample.toString('utf8'), xml ?? { mime: 'text/plain', suffix: 'txt' });
  return xml ?? { mime: 'application/octet-stream', suffix: 'bin' };
}

/** Watches the bytes as they pass: counts them, keeps the head for sniffing, and checks for text. */
export class Inspection {
  size = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private decoder: TextDecoder | null = new TextDecoder('utf-8', { fatal: true });

  take(chunk: Buffer) {
    this.size += chunk.length;
    if (this.headBytes < SNIFF_BYTES) {
      const part = Buffer.from(chunk.subarray(0, SNIFF_BYTES - this.headBytes));
      this.head.push(part);
      this.headBytes += part.length;
    }
    if (this.decoder) {
      try {
        if (chunk.includes(0)) this.decoder = null;
        else this.decoder.decode(chunk, { stream: true });
      } catch {
        this.decoder = null;
      }
    }
  }

  finish(): { sample: Buffer; isText: boolean } {
    let isText = false;
    if (this.decoder) {
      try {
        this.decoder.decode();
        isText = true;
      } catch {
        isText = false;
      }
    }
    return { sample: Buffer.concat(this.head), isText };
  }
}

type UploadRow = Pick<ChatUploadsTable, 'storage_key' | 'name' | 'size' | 'mime' | 'suffix' | 'expires_at'> & { id: number };

const isImage = (suffix: string) => imageSuffixes.has(suffix);

/** What leaves the server about an upload (contracts `ZChatUpload`). */
export const presentUpload = (row: UploadRow): TChatUpload => ({
  id: row.id,
  url: `${CHAT_FILE_PATH}/${row.storage_key}`,
  name: row.name,
  size: row.size,
  suffix: row.suffix,
  mime: row.mime,
  type: isImage(row.suffix) ? 'image' : 'file',
  expires_at: new Date(row.expires_at).toISOString(),
});

function parseKind(value: unknown): UploadKind {
  if (value === 'image' || value === 'file') return value;
  throw AppError.field('kind', UploadTexts.badKind);
}

/** Chat uploads (spec 5 "Chat", 7 "Uploads", 9): size and type checks, storage, the rows, serving. */
export function createChatUploadService(deps: {
  db: Db;
  storage: FileStorage;
  loadConfig: () => Promise<{ tourist_file_switch: 'yes' | 'no' }>;
  clock?: () => number;
  /** the largest file accepted (spec 9: 50 MB); tests give a smaller one */
  maxBytes?: number;
  ttlMs?: number;
  /** a visitor's upload bytes per day and the live bytes they may hold (decision 0014) */
  quota?: {
    storageBytesPerVisitor: number;
    /** counts the bytes against the visitor's day; throws when they are over */
    uploadBytes: (visitorId: number, bytes: number) => Promise<void>;
  };
}) {
  const { db, storage } = deps;
  const now = deps.clock ?? Date.now;
  const maxBytes = deps.maxBytes ?? CHAT_UPLOAD_MAX_BYTES;
  const ttlMs = deps.ttlMs ?? CHAT_UPLOAD_TTL_MS;

  /** Streams one file part into storage under a fresh key; the partial file is gone if anything fails. */
  async function receive(part: Extract<UploadPart, { type: 'file' }>) {
    const key = newStorageKey();
    const inspection = new Inspection();
    const { file } = part;
    async function* inspected() {
      try {
        for await (const chunk of file) {
          inspection.take(chunk as Buffer);
          // busboy stops at the limit and flags the stream; counting is the second guard.
          if (file.truncated || inspection.size > maxBytes) throw tooLarge();
          yield chunk as Buffer;
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        // The request broke off or the multipart body is malformed: the client's side.
        throw new AppError('bad_request', UploadTexts.interrupted);
      }
      if (file.truncated) throw tooLarge();
    }
    await storage.put(key, Readable.from(inspected()));
    try {
      const { sample, isText } = inspection.finish();
      const sniffed = await sniff(sample, isText);
      return { key, size: inspection.size, ...sniffed, name: displayName(part.filename, sniffed.suffix) };
    } catch (error) {
      await storage.remove(key);
      throw error;
    }
  }

  /** How a live upload is served, without its bytes (HEAD); null when the key is unknown or expired. */
  async function describe(key: string): Promise<FileDescription | null> {
    if (!isStorageKey(key)) return null;
    const at = now();
    const row = await db
      .selectFrom('chat_uploads')
      .select(['name', 'size', 'suffix', 'expires_at'])
      .where('storage_key', '=', key)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (!row) return null;
    return {
      name: row.name,
      size: row.size,
      inlineMime: INLINE_IMAGES[row.suffix] ?? null,
      maxAgeS: Math.floor((row.expires_at - at) / 1000),
    };
  }

  return {
    maxBytes,

    /**
     * spec 5: a guest may not send files when tourist_file_switch is 'no'; and a visitor's upload
     * of `bytes` (the body's declared length) must fit their day's bytes and the space kept for
     * them. Checked before the body is read.
     */
    async assertMayUpload(uploader: ChatUploader, bytes: number = maxBytes) {
      if (uploader.guest) {
        const config = await deps.loadConfig();
        if (config.tourist_file_switch === 'no') throw AppError.forbidden(ChatTexts.guestUploadRefused);
      }
      const quota = deps.quota;
      if (uploader.type !== 'tourist' || !quota) return;
      const held = await db
        .selectFrom('chat_uploads')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
        .where('uploader_type', '=', 'tourist')
        .where('uploader_id', '=', uploader.id)
        .where('expires_at', '>', now())
        .executeTakeFirstOrThrow();
      if (Number(held.bytes) + bytes > quota.storageBytesPerVisitor) {
        throw new AppError('rate_limited', ChatTexts.storageFull);
      }
      await quota.uploadBytes(uploader.id, bytes);
    },

    /**
     * Takes the multipart parts: one file in the field `file`, and an optional `kind` field (or
     * the query's) — `image` demands a raster image (spec 5: 'Please select an image file').
     */
    async upload(uploader: ChatUploader, parts: AsyncIterable<UploadPart>, options: { kind?: UploadKind } = {}) {
      let kind = options.kind;
      let received: Awaited<ReturnType<typeof receive>> | null = null;
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'kind') kind = parseKind(part.value);
            continue;
          }
          if (part.fieldname !== 'file' || received) throw AppError.field('file', UploadTexts.oneFile);
          received = await receive(part);
        }
        if (!received) throw AppError.field('file', UploadTexts.missingFile);
        if (received.size === 0) throw AppError.field('file', UploadTexts.emptyFile);
        if (kind === 'image' && !isImage(received.suffix)) throw AppError.field('file', ChatTexts.notAnImage);

        const createdAt = now();
        const row = await db
          .insertInto('chat_uploads')
          .values({
            uploader_type: uploader.type,
            uploader_id: uploader.id,
            storage_key: received.key,
            name: received.name,
            size: received.size,
            mime: received.mime,
            suffix: received.suffix,
            created_at: createdAt,
            expires_at: createdAt + ttlMs,
          })
          .returning(['id', 'storage_key', 'name', 'size', 'mime', 'suffix', 'expires_at'])
          .executeTakeFirstOrThrow();
        return presentUpload(row);
      } catch (error) {
        if (received) await storage.remove(received.key);
        throw error;
      }
    },

    describe,

    /** A live upload `id` that `uploader` made, as a chat message may carry it; null otherwise. */
    async ownedBy(uploader: { type: 'tourist' | 'csr'; id: number }, id: number): Promise<TChatUpload | null> {
      const row = await db
        .selectFrom('chat_uploads')
        .select(['id', 'storage_key', 'name', 'size', 'mime', 'suffix', 'expires_at'])
        .where('id', '=', id)
        .where('uploader_type', '=', uploader.type)
        .where('uploader_id', '=', uploader.id)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      return row ? presentUpload(row) : null;
    },

    /** A live upload with its bytes; null when the key is unknown, expired, or its file is gone. */
    async open(key: string): Promise<ServedFile | null> {
      const described = await describe(key);
      if (!described) return null;
      const content = await storage.open(key);
      return content ? { ...described, content } : null;
    },
  };
}
