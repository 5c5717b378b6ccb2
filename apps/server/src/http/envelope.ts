import { CODE_OK } from '@shop/contracts';
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
