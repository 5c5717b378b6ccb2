import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  HELP_REQUEST_FILE_MAX_BYTES,
  HELP_REQUEST_FILE_TYPES,
  HELP_REQUEST_FILES_MAX,
  HelpRequestMessages,
} from '@shop/contracts/help-requests-rules';
import type { FastifyRequest } from 'fastify';
import { displayName, Inspection, sniff, type UploadPart } from '../../chat/uploads/service';
import { type FileStorage, LocalFileStorage, newStorageKey } from '../../chat/uploads/storage';
import { AppError } from '../../http/errors';

/**
 * The files attached to a request (decision 0052): streamed to their own storage as they arrive,
 * the size counted on the way, the type read from the bytes (pictures and PDFs only). Nothing a
 * refused request sent is kept.
 */

/** `${DATA_DIR}/requests`: apart from the chat's files, which expire. */
export const requestFileStorage = (dataDir: string) => new LocalFileStorage(join(dataDir, 'requests'));

export type ReceivedFile = { key: string; name: string; mime: string; size: number };

const allowed = new Set<string>(HELP_REQUEST_FILE_TYPES);
const tooLarge = () => AppError.field('files', HelpRequestMessages.fileTooLarge);
/** Text fields a form may send; anything more is refused as it arrives. */
const FIELDS_MAX = 10;

/** Reads one file part into storage under a fresh key; nothing is left under the key if it is refused. */
async function receive(storage: FileStorage, part: Extract<UploadPart, { type: 'file' }>, maxBytes: number) {
  const key = newStorageKey();
  const inspection = new Inspection();
  const { file } = part;
  async function* inspected() {
    try {
      for await (const chunk of file) {
        inspection.take(chunk as Buffer);
        if (file.truncated || inspection.size > maxBytes) throw tooLarge();
        yield chunk as Buffer;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('bad_request', HelpRequestMessages.interrupted);
    }
    if (file.truncated) throw tooLarge();
  }
  await storage.put(key, Readable.from(inspected()));
  try {
    if (inspection.size === 0) throw AppError.field('files', HelpRequestMessages.emptyFile);
    const { sample, isText } = inspection.finish();
    const sniffed = await sniff(sample, isText);
    if (!allowed.has(sniffed.suffix)) throw AppError.field('files', HelpRequestMessages.fileType);
    return { key, size: inspection.size, mime: sniffed.mime, name: displayName(part.filename, sniffed.suffix) };
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/**
 * Reads a request form's multipart body: its text fields, and its files (the field `files`) into
 * storage. On any failure the files already stored are removed before the error goes on.
 */
export async function readRequestForm(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes = HELP_REQUEST_FILE_MAX_BYTES,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  if (!request.isMultipart()) throw new AppError('bad_request', HelpRequestMessages.unreadable);
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const parts = request
    .parts({ limits: { fileSize: maxBytes, files: HELP_REQUEST_FILES_MAX, fields: FIELDS_MAX, fieldSize: 64 * 1024 } })
    [Symbol.asyncIterator]();
  try {
    while (true) {
      let next: IteratorResult<UploadPart>;
      try {
        next = (await parts.next()) as IteratorResult<UploadPart>;
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (code === 'FST_FILES_LIMIT') throw AppError.field('files', HelpRequestMessages.tooManyFiles);
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw new AppError('bad_request', HelpRequestMessages.unreadable);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'files') throw AppError.field('files', HelpRequestMessages.filesField);
      if (files.length >= HELP_REQUEST_FILES_MAX) throw AppError.field('files', HelpRequestMessages.tooManyFiles);
      files.push(await receive(storage, part, maxBytes));
    }
  } catch (error) {
    await removeFiles(storage, files);
    throw error;
  } finally {
    await parts.return?.(undefined);
  }
  return { fields, files };
}

export async function removeFiles(storage: FileStorage, files: { key: string }[]) {
  await Promise.all(files.map((file) => storage.remove(file.key).catch(() => {})));
}
