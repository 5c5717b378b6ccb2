import fastifyStatic from '@fastify/static';
import { ZImageQuery } from '@shop/contracts/image-query';
import { MEDIA_PREFIX } from '@shop/contracts/images';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors';
import { type ImageService, ImageTexts, NotResizableError, UnreadableImageError } from './images';

/** A versioned URL names one set of bytes forever; an unversioned one may change with its file. */
const CACHE_VERSIONED = 'public, max-age=31536000, immutable';
const CACHE_UNVERSIONED = 'public, max-age=86400';
/** Originals keep the week they always had. */
const ORIGINAL_MAX_AGE = '7d';

/**
 * The app's onSend hook gives every response the pages' policy (http/security.ts); a route's own
 * onSend runs after it, so a picture keeps this one. An SVG opened directly can run no script and
 * load nothing; its inline styles still apply.
 */
const PICTURE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const keepPictureCsp = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
  reply.header('content-security-policy', PICTURE_CSP).header('x-content-type-options', 'nosniff');
  return payload;
};

/** If-None-Match compares weakly (RFC 9110 13.1.2): a W/ prefix does not matter. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** The failures of a bad source, in the `{code, msg, result}` envelope, without internals. */
function sendSourceProblem(reply: FastifyReply, status: 415 | 422, msg: string) {
  return reply.status(status).header('cache-control', 'no-store').send({ code: status, msg, result: null });
}

/**
 * `GET /media/<path>`: the shop's pictures. Without `w` the original file, as stored; with
 * `w=<width>` (one of IMAGE_WIDTHS) a WebP of that width, made once and cached on disk.
 */
export async function mediaRoutes(app: FastifyInstance, deps: { images: ImageService; mediaDir: string }) {
  const { images, mediaDir } = deps;
  // Registered in a scope of its own, so that this scope's reply.sendFile is the media directory's.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: mediaDir, serve: false, maxAge: ORIGINAL_MAX_AGE });
    scope.withTypeProvider<ZodTypeProvider>().get(
      `${MEDIA_PREFIX}*`,
      {
        schema: {
          tags: ['media'],
          summary: 'A picture: the original, or with w=<width> a WebP that wide (v=<version> makes it cacheable for a year)',
          querystring: ZImageQuery,
        },
        onSend: keepPictureCsp,
      },
      async (request, reply) => {
        const requested = (request.params as { '*': string })['*'];
        const file = await images.find(requested);
        if (!file) throw AppError.notFound(ImageTexts.notFound);
        const { w: width, v: version } = request.query;
        if (width === undefined) return reply.sendFile(file.path);

        if (!images.isResizable(file)) return sendSourceProblem(reply, 415, ImageTexts.notResizable);
        const { etag } = images.keyOf(file, width);
        reply.header('etag', etag).header('cache-control', version ? CACHE_VERSIONED : CACHE_UNVERSIONED);
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
        try {
          const webp = await images.resized(file, width);
          return reply.type('image/webp').send(webp);
        } catch (error) {
          reply.removeHeader('etag');
          if (error instanceof NotResizableError) return sendSourceProblem(reply, 415, error.message);
          if (error instanceof UnreadableImageError) {
            request.log.warn({ err: error.cause, file: file.path }, 'picture could not be resized');
            return sendSourceProblem(reply, 422, error.message);
          }
          throw error;
        }
      },
    );
  });
}
