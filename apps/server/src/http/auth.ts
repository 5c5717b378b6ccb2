import type { FastifyRequest } from 'fastify';
import type { SubjectType } from '../db/schema';
import type { AuthService, Principal } from '../modules/auth/service';
import { AppError } from './errors';

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

/**
 * Like `requireSubject`, for routes open to everyone that do more for a signed-in subject (browsing
 * history, favourites). No token, or one that is not a live session of `kind`, passes as a guest:
 * public pages never sign anyone out. An expired one still answers 409, so the client refreshes
 * and repeats the request as the shopper.
 */
export function optionalSubject(auth: AuthService, kind: SubjectType) {
  return async (request: FastifyRequest) => {
    const token = tokenOf(request);
    if (!token) return;
    try {
      request.principal = await auth.authenticate(token, kind);
    } catch (error) {
      // A failing database is not a guest.
      if (!(error instanceof AppError) || error.type === 'token_expired') throw error;
    }
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
