import type { FastifyRequest } from 'fastify';
import type { SubjectType } from '../db/schema';
import type { AuthService, Principal } from '../modules/auth/service';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** spec 6: the token arrives in the `user-token` header or as `Authorization: Bearer …`. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['user-token'];
  const userToken = Array.isArray(header) ? header[0] : header;
  if (userToken) return userToken;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || undefined;
  return undefined;
}

/** An onRequest hook that lets (it runs before the body is read) only a live session of the given kind through. */
export function requireSubject(auth: AuthService, kind: SubjectType) {
  return async (request: FastifyRequest) => {
    request.principal = await auth.authenticate(tokenOf(request), kind);
  };
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route is missing its auth hook');
  return request.principal;
}

export const metaOf = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip,
});
