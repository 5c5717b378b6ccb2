import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../infra/rate-limit';
import { AppError } from './errors';

const MINUTE = 60_000;
/** Attempts on one account from one address, per 15 minutes: slows guessing without locking the owner out elsewhere. */
export const ACCOUNT_ATTEMPTS_PER_WINDOW = 10;
export const ACCOUNT_WINDOW_MS = 15 * MINUTE;

/** Limits for the sign-in, register and refresh endpoints: per client address and per account. */
export function authLimits(limiter: RateLimiter, perMinutePerIp: number) {
  return {
    async perIp(request: FastifyRequest) {
      const decision = await limiter.consume(`auth-ip:${request.ip}`, perMinutePerIp, MINUTE);
      if (!decision.allowed) throw AppError.tooMany(decision.retryAfterMs / 1000);
    },
    async perAccount(request: FastifyRequest, account: string) {
      const decision = await limiter.consume(
        `auth-acct:${account}:${request.ip}`,
        ACCOUNT_ATTEMPTS_PER_WINDOW,
        ACCOUNT_WINDOW_MS,
      );
      if (!decision.allowed) throw AppError.tooMany(decision.retryAfterMs / 1000);
    },
    clearAccount(request: FastifyRequest, account: string) {
      return limiter.reset(`auth-acct:${account}:${request.ip}`);
    },
  };
}
export type AuthLimits = ReturnType<typeof authLimits>;
