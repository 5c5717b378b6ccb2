import type { FastifyRequest } from 'fastify';
import type { RateDecision, RateLimiter } from '../infra/rate-limit';
import { AppError } from './errors';

const MINUTE = 60_000;
/** Attempts on one account from one address, per 15 minutes: slows guessing without locking the owner out elsewhere. */
export const ACCOUNT_ATTEMPTS_PER_WINDOW = 10;
export const ACCOUNT_WINDOW_MS = 15 * MINUTE;
/**
 * Attempts on one account from all addresses together, per 5 minutes: an attacker with many
 * addresses is stopped too, and the owner waits at most this short window once the attack pauses.
 */
export const ACCOUNT_ANY_ADDRESS_ATTEMPTS_PER_WINDOW = 20;
export const ACCOUNT_ANY_ADDRESS_WINDOW_MS = 5 * MINUTE;

const refuse = (decisions: RateDecision[]) => {
  for (const decision of decisions) if (!decision.allowed) throw AppError.tooMany(decision.retryAfterMs / 1000);
};

/** Limits for the sign-in, register and refresh endpoints: per client address and per account. */
export function authLimits(limiter: RateLimiter, perMinutePerIp: number) {
  const fromAddress = (request: FastifyRequest, account: string) => `auth-acct:${account}:${request.ip}`;
  const fromAnywhere = (account: string) => `auth-acct-any:${account}`;
  return {
    async perIp(request: FastifyRequest) {
      refuse([await limiter.consume(`auth-ip:${request.ip}`, perMinutePerIp, MINUTE)]);
    },
    async perAccount(request: FastifyRequest, account: string) {
      // One address over its own limit is refused before it counts against the account as a whole,
      // so a single attacker cannot lock the owner out.
      refuse([await limiter.consume(fromAddress(request, account), ACCOUNT_ATTEMPTS_PER_WINDOW, ACCOUNT_WINDOW_MS)]);
      refuse([
        await limiter.consume(fromAnywhere(account), ACCOUNT_ANY_ADDRESS_ATTEMPTS_PER_WINDOW, ACCOUNT_ANY_ADDRESS_WINDOW_MS),
      ]);
    },
    /** After a successful sign-in: the owner's own mistakes stop counting. */
    async clearAccount(request: FastifyRequest, account: string) {
      await Promise.all([limiter.reset(fromAddress(request, account)), limiter.reset(fromAnywhere(account))]);
    },
  };
}
export type AuthLimits = ReturnType<typeof authLimits>;

/** E-mailed codes (decision 0025): each one is a message sent, so fewer than sign-in attempts. */
export const EMAIL_CODE_LIMITS = {
  /** codes of any purpose one address may be sent per hour */
  perAddress: 6,
  /** codes one client address may ask for per hour, for any e-mail addresses */
  perIp: 30,
  windowMs: 60 * MINUTE,
};

/** Limits for sending e-mail codes: per e-mail address and per client address. */
export function emailCodeLimits(limiter: RateLimiter) {
  return {
    async perIp(request: FastifyRequest) {
      refuse([await limiter.consume(`email-code-ip:${request.ip}`, EMAIL_CODE_LIMITS.perIp, EMAIL_CODE_LIMITS.windowMs)]);
    },
    async perAddress(email: string) {
      refuse([await limiter.consume(`email-code-to:${email}`, EMAIL_CODE_LIMITS.perAddress, EMAIL_CODE_LIMITS.windowMs)]);
    },
  };
}
export type EmailCodeLimits = ReturnType<typeof emailCodeLimits>;

/**
 * Limits per sender (the shopper, or the client address signed out) and per client address, whoever
 * is signed in; the limiter's keys start with `prefix`.
 */
function senderLimits(limiter: RateLimiter, prefix: string, limits: { perSender: number; perIp: number; windowMs: number }) {
  return {
    async perSender(request: FastifyRequest, userId: number | null) {
      const sender = userId === null ? `ip:${request.ip}` : `user:${userId}`;
      refuse([await limiter.consume(`${prefix}-ip:${request.ip}`, limits.perIp, limits.windowMs)]);
      refuse([await limiter.consume(`${prefix}:${sender}`, limits.perSender, limits.windowMs)]);
    },
  };
}

/** The feedback widget (decision 0035): a shopper tells us a few times an hour, not a thousand. */
export const FEEDBACK_LIMITS = {
  /** feedback one signed-in shopper, or one client address signed out, may send per window */
  perSender: 5,
  /** feedback one client address may send per window, whoever is signed in */
  perIp: 20,
  windowMs: 60 * MINUTE,
};

/** Limits for POST /api/feedback: per sender (the shopper, or the address signed out) and per address. */
export const feedbackLimits = (limiter: RateLimiter) => senderLimits(limiter, 'feedback', FEEDBACK_LIMITS);
export type FeedbackLimits = ReturnType<typeof feedbackLimits>;

/** Requests from the help pages (decision 0052): each one is read by a person, so a few an hour. */
export const HELP_REQUEST_LIMITS = {
  /** requests one signed-in shopper, or one client address signed out, may send per window */
  perSender: 5,
  /** requests one client address may send per window, whoever is signed in */
  perIp: 20,
  windowMs: 60 * MINUTE,
};

/** Limits for POST /api/custom/upload and /api/company/upload, checked before the body is read. */
export const helpRequestLimits = (limiter: RateLimiter) => senderLimits(limiter, 'help-request', HELP_REQUEST_LIMITS);
export type HelpRequestLimits = ReturnType<typeof helpRequestLimits>;
