import { isStaffRole, type Permission, roleMay, type StaffRoleName } from '@shop/contracts/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SubjectType } from '../db/schema';
import type { AuthService, Principal } from '../modules/auth';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    /** a staff member's role, set by the staff guard */
    staffRole?: StaffRoleName;
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
    request.principal = await auth.authenticate(tokenOf(request), kind, { recent: true });
  };
}

/**
 * Like `requireSubject`, for routes open to everyone that do more for a signed-in subject (browsing
 * history, favourites). No token, or one that is not a live session of `kind`, passes as a guest:
 * public pages never sign anyone out. An expired one still answers 409, so the client refreshes
 * and repeats the request as the shopper.
 */
export function optionalSubject(auth: AuthService, kind: SubjectType) {
  // A callback hook: a guest (most of the storefront's traffic) passes without a promise.
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const token = tokenOf(request);
    if (!token) return done();
    auth.authenticate(token, kind, { recent: true }).then(
      (principal) => {
        request.principal = principal;
        done();
      },
      // A failing database is not a guest.
      (error) => done(!(error instanceof AppError) || error.type === 'token_expired' ? error : undefined),
    );
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

/**
 * The staff routes' guard. Each staff route names what it needs in one line:
 * `onRequest: guard.may('orders.ship')`, or `guard.signedIn` for what every staff member may do
 * (their own profile, signing out). A missing or dead session is 401; a role without the
 * permission is 403. The role is read on every request, so a changed role counts at once.
 */
export function staffGuard(auth: AuthService, roleOf: (staffId: number) => Promise<string | undefined>) {
  async function authenticate(request: FastifyRequest): Promise<StaffRoleName> {
    const principal = await auth.authenticate(tokenOf(request), 'staff', { recent: true });
    const role = await roleOf(principal.subjectId);
    if (!isStaffRole(role)) throw AppError.unauthorized();
    request.principal = principal;
    request.staffRole = role;
    return role;
  }
  return {
    signedIn: async (request: FastifyRequest) => {
      await authenticate(request);
    },
    /** `message` says why not where the staff API has its own words for it. */
    may(permission: Permission, message = `Your role does not allow this (it needs ${permission})`) {
      return async (request: FastifyRequest) => {
        const role = await authenticate(request);
        if (!roleMay(role, permission)) throw AppError.forbidden(message);
      };
    },
  };
}

export type StaffGuard = ReturnType<typeof staffGuard>;

export function staffRoleOf(request: FastifyRequest): StaffRoleName {
  if (!request.staffRole) throw new Error('route is missing the staff guard');
  return request.staffRole;
}

/** Whether the guarded staff member's role also allows `permission` (a route that does more for some roles). */
export const staffMay = (request: FastifyRequest, permission: Permission) => roleMay(staffRoleOf(request), permission);
