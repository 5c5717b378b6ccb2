import type { Readable } from 'node:stream';
import {
  CHAT_UPLOAD_MAX_BYTES,
  CHAT_UPLOAD_TTL_MS,
  ChatTexts,
  IMAGE_SUFFIXES,
  type TChatUpload,
} from '@shop/contracts/chat-protocol';
import type { Db } from '../../db/database';
import type { ChatUploadsTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type FileStorage, isStorageKey } from '../../infra/storage/file-storage';
import { type FilePart, receiveFile, type UploadPart } from '../../infra/storage/uploads';

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

const tooLarge = () => new AppError('payload_too_large', ChatTexts.uploadTooLarge);

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
  const receive = (part: FilePart) => receiveFile(storage, part, { maxBytes, tooLarge, interrupted: UploadTexts.interrupted });

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
