/**
 * Sessions, access and refresh tokens (decisions 0002, 0013, 0070): the service every guard and
 * sign-in goes through, and who a request is (`Principal`, `RequestMeta`).
 */
export type { SessionEndReason } from './ended-sessions';
export { sessionsOf } from './personal-data';
export { type AuthService, createAuthService, type Principal, type RequestMeta } from './service';
