import { join } from 'node:path';
import {
  HELP_REQUEST_FILE_MAX_BYTES,
  HELP_REQUEST_FILE_TYPES,
  HELP_REQUEST_FILES_MAX,
  HelpRequestMessages,
} from '@shop/contracts/help-requests-rules';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { type FileStorage, LocalFileStorage } from '../../infra/storage/file-storage';
import { multipartParts, type ReceiveRules, receiveFile, removeFiles } from '../../infra/storage/uploads';

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

/** A request's file: not empty, a picture or a PDF by its bytes. */
const requestFileRules = (maxBytes: number): ReceiveRules => ({
  maxBytes,
  tooLarge,
  interrupted: HelpRequestMessages.interrupted,
  accept: (file) => {
    if (file.size === 0) throw AppError.field('files', HelpRequestMessages.emptyFile);
    if (!allowed.has(file.suffix)) throw AppError.field('files', HelpRequestMessages.fileType);
  },
});

/** The form's limits, and its failures in the request's own words. */
const requestFormRules = (maxBytes: number) => ({
  limits: { fileSize: maxBytes, files: HELP_REQUEST_FILES_MAX, fields: FIELDS_MAX, fieldSize: 64 * 1024 },
  notMultipart: () => new AppError('bad_request', HelpRequestMessages.unreadable),
  refusal: (code: string) => {
    if (code === 'FST_FILES_LIMIT') return AppError.field('files', HelpRequestMessages.tooManyFiles);
    if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
    return new AppError('bad_request', HelpRequestMessages.unreadable);
  },
});

/**
 * Reads a request form's multipart body: its text fields, and its files (the field `files`) into
 * storage. On any failure the files already stored are removed before the error goes on.
 */
export async function readRequestForm(
  request: FastifyRequest,
  storage: FileStorage,
  maxBytes = HELP_REQUEST_FILE_MAX_BYTES,
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  try {
    for await (const part of multipartParts(request, requestFormRules(maxBytes))) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'files') throw AppError.field('files', HelpRequestMessages.filesField);
      if (files.length >= HELP_REQUEST_FILES_MAX) throw AppError.field('files', HelpRequestMessages.tooManyFiles);
      const { key, name, mime, size } = await receiveFile(storage, part, requestFileRules(maxBytes));
      files.push({ key, name, mime, size });
    }
  } catch (error) {
    await removeFiles(storage, files);
    throw error;
  }
  return { fields, files };
}
