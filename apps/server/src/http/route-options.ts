import type { FastifyRequest, FastifySchema } from 'fastify';

/** The OpenAPI security of a route that takes a sign-in token: the `user-token` header or a bearer token. */
export const tokenSecurity: { [scheme: string]: string[] }[] = [{ userToken: [] }, { bearer: [] }];

/** A sign-in or staff guard hook (`requireSubject`, `guard.may(…)`, `guard.signedIn`). */
type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * The options of a group of routes that share their OpenAPI tags and their `onRequest` hook (a
 * sign-in or a staff guard, run before the body is read): each route gives its summary and zod
 * schemas, and gets the group's tags first and the token security last, as every API route shows
 * (`documentToken: false` for the groups whose documentation has never named it).
 *
 * `const manage = guarded(['staff coupons'], guard.may('coupons.manage'));`
 * `r.get(path, manage({ summary, querystring, response: { 200: Z… } }), handler)`
 */
export function guarded<Hook = Guard>(tags: string[], onRequest: Hook, { documentToken = true } = {}) {
  const security = documentToken ? { security: tokenSecurity } : {};
  return <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema, ...security }, onRequest });
}

/** A group of guarded routes (see `guarded`), handed to the functions that register them. */
export type GuardedRoutes = ReturnType<typeof guarded<Guard>>;

/** The options of a group of public routes (no token, no hook): the group's tags first. */
export function unguarded(tags: string[]) {
  return <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema } });
}
