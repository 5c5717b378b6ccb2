import { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
// the request's multipart methods are declared by @fastify/multipart, which the server registers
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../http/errors';
import { type FileStorage, newStorageKey } from './file-storage';

/**
 * The checks every received file goes through, whoever receives it (the chat's attachments, the
 * help requests' files): the multipart parts read as they arrive, the size counted on the way, the
 * type read from the bytes, and a display name that is never part of a path.
 */

/** One part of a multipart body, as @fastify/multipart hands it over. */
export type UploadPart =
  | { type: 'file'; fieldname: string; filename: string; file: Readable & { truncated?: boolean } }
  | { type: 'field'; fieldname: string; value: unknown };

export type FilePart = Extract<UploadPart, { type: 'file' }>;

/** How many leading bytes the type is read from. */
const SNIFF_BYTES = 64 * 1024;
const NAME_MAX_LENGTH = 255;

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

export type Sniffed = { mime: string; suffix: string };

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

/** A file stored under a fresh key, with what was read from its bytes. */
export type ReceivedFile = Sniffed & { key: string; size: number; name: string };

/** What a receiver refuses with: the receiver's own texts. */
export type ReceiveRules = {
  maxBytes: number;
  /** the error for a file over `maxBytes` */
  tooLarge: () => AppError;
  /** the text of the 400 when the request broke off or the body is malformed (the client's side) */
  interrupted: string;
  /** throws when the received file is refused (empty, not an allowed type); it is removed then */
  accept?: (file: ReceivedFile) => void;
};

/**
 * Streams one file part into storage under a fresh key, counting and sniffing it on the way; if
 * anything fails or `accept` refuses it, nothing is left under the key.
 */
export async function receiveFile(storage: FileStorage, part: FilePart, rules: ReceiveRules): Promise<ReceivedFile> {
  const key = newStorageKey();
  const inspection = new Inspection();
  const { file } = part;
  async function* inspected() {
    try {
      for await (const chunk of file) {
        inspection.take(chunk as Buffer);
        // busboy stops at the limit and flags the stream; counting is the second guard.
        if (file.truncated || inspection.size > rules.maxBytes) throw rules.tooLarge();
        yield chunk as Buffer;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('bad_request', rules.interrupted);
    }
    if (file.truncated) throw rules.tooLarge();
  }
  await storage.put(key, Readable.from(inspected()));
  try {
    const { sample, isText } = inspection.finish();
    const sniffed = await sniff(sample, isText);
    const received = { key, size: inspection.size, ...sniffed, name: displayName(part.filename, sniffed.suffix) };
    rules.accept?.(received);
    return received;
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/** How a multipart body is read: busboy's limits, and the error for a body that is not multipart or breaks one. */
export type MultipartRules = {
  limits: { fileSize: number; files: number; fields?: number; fieldSize?: number };
  notMultipart: () => AppError;
  /** the error for @fastify/multipart's failure `code` (a limit passed, a malformed body) */
  refusal: (code: string) => AppError;
};

/**
 * The multipart parts, read as the receiver asks for them: a file is never buffered, and busboy
 * stops counting at the receiver's limit. A body that cannot be parsed is the client's fault.
 */
export async function* multipartParts(request: FastifyRequest, rules: MultipartRules): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) throw rules.notMultipart();
  const parts = request.parts({ limits: rules.limits })[Symbol.asyncIterator]();
  try {
    while (true) {
      let next: IteratorResult<UploadPart>;
      try {
        next = (await parts.next()) as IteratorResult<UploadPart>;
      } catch (error) {
        throw rules.refusal((error as { code?: string }).code ?? '');
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await parts.return?.(undefined);
  }
}

/** Removes stored files, ignoring any already gone: the clean-up after a refused form. */
export async function removeFiles(storage: FileStorage, files: { key: string }[]) {
  await Promise.all(files.map((file) => storage.remove(file.key).catch(() => {})));
}
