import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodType, z } from 'zod';
import { principalOf, staffRoleOf } from '../http/auth';
import { ok } from '../http/envelope';

/** A staff guard's hook (`guard.may(…)`). */
type Guard = (request: FastifyRequest) => Promise<void>;

/**
 * The options of a group of the chat's staff routes that share their OpenAPI tags and their guard:
 * each route gives its summary and zod schemas.
 *
 * `const answer = staffRoutes(['chat contact'], guard.may('chat.answer'));`
 * `r.post(path, answer({ summary, body, response: { 200: Z… } }), handler)`
 */
export function staffRoutes(tags: string[], onRequest: Guard) {
  return <S extends FastifySchema>(schema: S) => ({ schema: { tags, ...schema }, onRequest });
}

/** The staff member the guard let in, with the role it read (what they may do can depend on it). */
export const staffOf = (request: FastifyRequest) => ({ id: principalOf(request).subjectId, role: staffRoleOf(request) });

/** The staff member a route acts as (`staffOf`). */
type Staff = ReturnType<typeof staffOf>;

/** The `result` an envelope schema answers. */
type ResultOf<R extends ZodType> = z.output<R> extends { result: infer T } ? T : never;

/**
 * Registers, in a group that shares OpenAPI tags and a guard, the staff POST routes that hand the
 * staff member and the request's body to one call and answer its result, with `msg` when given.
 *
 * `const action = staffActions(app, ['chat contact'], guard.may('chat.answer'));`
 * `action(path, { summary, body: Z…, response: Z…, msg }, (staff, body) => service.call(staff, body))`
 */
export function staffActions(app: FastifyInstance, tags: string[], onRequest: Guard) {
  return <B extends ZodType, R extends ZodType>(
    path: string,
    route: { summary: string; body: B; response: R; msg?: string },
    act: (staff: Staff, body: z.output<B>) => Promise<ResultOf<R>>,
  ) =>
    app.post(
      path,
      {
        schema: { tags, summary: route.summary, body: route.body, response: { 200: route.response } } as FastifySchema,
        onRequest,
      },
      // The schemas validate the body and serialize the answer as on any route; `act`'s type ties
      // the body and the result to them, which the type provider cannot follow through generics.
      async (request) => ok(await act(staffOf(request), request.body as z.output<B>), route.msg),
    );
}
