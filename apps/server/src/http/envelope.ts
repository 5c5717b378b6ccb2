import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { CODE_OK } from '@shop/contracts';
import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';

/** The success envelope: `{ code: 200, msg, result }`. */
export const ok = <T>(result: T, msg = 'ok') => ({ code: CODE_OK, msg, result });

/** The JSON of each shared result's envelope, made once (the result objects are cached and never changed). */
const sharedJson = new WeakMap<object, Buffer>();

/**
 * The success envelope of a shared, immutable result (a cached catalogue answer) as JSON, checked
 * against the route's response schema the first time and reused after, as bytes. A route sends it
 * with a JSON content type, which Fastify passes through without serialising or encoding again.
 */
export function okShared(schema: ZodType, result: object): Buffer {
  let json = sharedJson.get(result);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(schema.parse(ok(result))), 'utf8');
    sharedJson.set(result, json);
  }
  return json;
}

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
/** Answers smaller than this go out as they are (as the compression plugin's threshold). */
const COMPRESS_FROM_BYTES = 1024;
/** Each shared answer's compressed forms, made the first time a client asks for one. */
const sharedEncoded = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

const encode = (json: Buffer, encoding: Encoding) =>
  encoding === 'br'
    ? brotliCompressSync(json, {
        params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 },
      })
    : gzipSync(json, { level: 6 });

/**
 * Sends a shared result's envelope (see `okShared`) with a JSON content type. A client that
 * accepts Brotli or gzip gets the compressed bytes, made once per answer and encoding rather than
 * on every request; the compression plugin passes an answer that names its encoding through.
 */
export function sendShared(reply: FastifyReply, schema: ZodType, result: object) {
  const json = okShared(schema, result);
  reply.type('application/json; charset=utf-8');
  const accepted = reply.request.headers['accept-encoding'];
  const encoding = accepted && json.length >= COMPRESS_FROM_BYTES ? (negotiate(accepted, ENCODINGS) as Encoding | null) : null;
  if (!encoding) return reply.send(json);
  let encoded = sharedEncoded.get(json);
  if (encoded === undefined) {
    encoded = {};
    sharedEncoded.set(json, encoded);
  }
  encoded[encoding] ??= encode(json, encoding);
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(encoded[encoding]);
}
