import { ChatTexts, ZChatUpload } from '@shop/contracts/chat-protocol';
import { envelope } from '@shop/contracts/envelope';
import { key } from '@shop/contracts/fields';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { type MultipartRules, multipartParts } from '../../infra/storage/uploads';
import { CHAT_FILE_PATH, type ChatUploader, type ChatUploadService, type FileDescription, UploadTexts } from './service';

export type { ChatUploader };

/** Decides who is uploading; throws AppError.unauthorized() when nobody is identified. */
export type IdentifyUploader = (request: FastifyRequest) => Promise<ChatUploader>;

const ZUploadQuery = z.object({ kind: z.enum(['image', 'file'], { error: UploadTexts.badKind }).optional() });
const ZFileParams = z.object({ key: key('key').max(64) });

const multipartMessages: Record<string, string> = {
  FST_FILES_LIMIT: UploadTexts.oneFile,
  FST_FIELDS_LIMIT: UploadTexts.tooManyFields,
  FST_PARTS_LIMIT: UploadTexts.tooManyFields,
  FST_REQ_FILE_TOO_LARGE: ChatTexts.uploadTooLarge,
};

/** How the upload's body is read: one file, within the service's limit; a body that cannot be parsed is a 400. */
const multipartRules = (maxBytes: number): MultipartRules => ({
  limits: { fileSize: maxBytes, files: 1 },
  notMultipart: () => AppError.field('file', UploadTexts.missingFile),
  refusal: (code) =>
    code === 'FST_REQ_FILE_TOO_LARGE'
      ? new AppError('payload_too_large', ChatTexts.uploadTooLarge)
      : new AppError('bad_request', multipartMessages[code] ?? UploadTexts.unreadable),
});

const FILE_CSP = "default-src 'none'; sandbox";

/**
 * The app's onSend hook gives every response the pages' policy (http/security.ts); a route's own
 * onSend hook runs after the app's, so a stored file keeps the stricter one.
 */
const keepFileCsp = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  reply.header('content-security-policy', FILE_CSP);
  return payload;
};

/**
 * An upload refused part-way (too large, not allowed) leaves the rest of its body unread, and a
 * socket holding unread bytes never sees the client leave: it would linger until the keep-alive
 * timeout. Closing the connection after the answer ends it (and the upload) at once.
 */
const closeIfBodyUnread = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  if (!request.raw.readableEnded) reply.header('connection', 'close');
  return payload;
};

/**
 * Headers that keep a stored file from ever running script on our origin: only raster images are
 * shown inline under their sniffed type; everything else (HTML, SVG, PDF, …) is an opaque download.
 * The sandbox CSP also covers a browser that ignores the rest.
 */
function fileHeaders(reply: FastifyReply, file: FileDescription) {
  const filename = encodeURIComponent(file.name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const fallback = file.name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  reply
    .header('content-type', file.inlineMime ?? 'application/octet-stream')
    .header(
      'content-disposition',
      `${file.inlineMime ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${filename}`,
    )
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header('cache-control', `private, max-age=${file.maxAgeS}`);
}

/** spec 7 "Uploads" (a multipart upload to the customer-service host, no timeout) and the files it stores. */
export function chatUploadRoutes(app: FastifyInstance, deps: { uploads: ChatUploadService; identify: IdentifyUploader }) {
  const { uploads, identify } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploaders = new WeakMap<FastifyRequest, ChatUploader>();

  r.post(
    '/worker/kefu.HttpIndex/upload',
    {
      schema: {
        tags: ['chat'],
        summary: 'Upload a chat file (multipart, the file in the field "file"; kind=image demands an image)',
        querystring: ZUploadQuery,
        response: { 200: envelope(ZChatUpload) },
      },
      // Who is uploading, and whether a guest may, is settled before a byte of the body is read.
      onRequest: async (request) => {
        const uploader = await identify(request);
        const declared = Number(request.headers['content-length']);
        await uploads.assertMayUpload(uploader, Number.isSafeInteger(declared) && declared > 0 ? declared : undefined);
        uploaders.set(request, uploader);
      },
      onSend: closeIfBodyUnread,
    },
    async (request) => {
      const uploader = uploaders.get(request);
      if (!uploader) throw new Error('upload route is missing its uploader');
      const upload = await uploads.upload(uploader, multipartParts(request, multipartRules(uploads.maxBytes)), {
        kind: request.query.kind,
      });
      return ok(upload, ChatTexts.uploadSucceeded);
    },
  );

  // The key is the capability: 192 random bits, handed only to the chat's participants, so an
  // <img> or a download link works without a token header.
  r.get(
    `${CHAT_FILE_PATH}/:key`,
    {
      schema: { tags: ['chat'], summary: 'A chat file: images inline, anything else as a download', params: ZFileParams },
      exposeHeadRoute: false,
      onSend: keepFileCsp,
    },
    async (request, reply) => {
      const file = await uploads.open(request.params.key);
      if (!file) throw AppError.notFound(UploadTexts.notFound);
      fileHeaders(reply, file);
      return reply.send(file.content);
    },
  );

  // spec 4: an image that fails to load is checked with a HEAD request; it must not read the file.
  r.head(
    `${CHAT_FILE_PATH}/:key`,
    { schema: { hide: true, params: ZFileParams }, onSend: keepFileCsp },
    async (request, reply) => {
      const file = await uploads.describe(request.params.key);
      if (!file) throw AppError.notFound(UploadTexts.notFound);
      fileHeaders(reply, file);
      return reply.send();
    },
  );
}
