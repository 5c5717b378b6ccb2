import { ChatTexts } from '@shop/contracts/chat-protocol';
import type { ChatLimitsConfig } from '../config';
import { AppError } from '../http/errors';
import { MemoryRateLimitStore, type RateDecision, RateLimiter } from '../infra/rate-limit';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The burst windows: short enough that a refused sender waits only moments. */
const MESSAGE_BURST_WINDOW_MS = 10 * SECOND;
const FRAME_BURST_WINDOW_MS = 10 * SECOND;

/** A refusal the visitor can read, with when to try again. */
const refusal = (decision: RateDecision, message: string) =>
  new AppError('rate_limited', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(decision.retryAfterMs / SECOND))),
  });

type Who = { type: 'tourist' | 'csr'; id: number };

/**
 * The chat's limits (decision 0014), counted by the shop's rate limiter: in Redis when the shop
 * runs on several instances, so a participant or an address is counted once across all of them.
 * The frames of one connection are counted where the connection is, in memory.
 */
export function chatLimits(limiter: RateLimiter, limits: ChatLimitsConfig) {
  const perConnection = new RateLimiter(new MemoryRateLimitStore());
  let connections = 0;

  return {
    limits,

    /** A key for a new connection's frames. */
    connectionKey: () => `chat-conn:${++connections}`,

    /** Any frame on one connection: a flood of frames of any kind is refused before it is handled. */
    async frame(connectionKey: string) {
      const decision = await perConnection.consume(connectionKey, limits.frameBurst, FRAME_BURST_WINDOW_MS);
      if (!decision.allowed) throw refusal(decision, ChatTexts.tooFast);
    },

    /** One message from a participant on an address: a burst, a steady rate, and the address's total. */
    async message(sender: Who, address: string) {
      const who = `${sender.type}:${sender.id}`;
      const burst = await limiter.consume(`chat-msg-burst:${who}`, limits.messageBurst, MESSAGE_BURST_WINDOW_MS);
      if (!burst.allowed) throw refusal(burst, ChatTexts.tooFast);
      const steady = await limiter.consume(`chat-msg-min:${who}`, limits.messagesPerMinute, MINUTE);
      if (!steady.allowed) throw refusal(steady, ChatTexts.tooFast);
      const fromAddress = await limiter.consume(`chat-msg-ip:${address}`, limits.messagesPerMinutePerAddress, MINUTE);
      if (!fromAddress.allowed) throw refusal(fromAddress, ChatTexts.tooFast);
    },

    /** A new guest identity for an address. */
    async newVisitor(address: string) {
      const decision = await limiter.consume(`chat-visitor-ip:${address}`, limits.visitorsPerHourPerAddress, HOUR);
      if (!decision.allowed) throw refusal(decision, ChatTexts.tooManyVisitors);
    },

    /**
     * Counts `bytes` against a visitor's uploads of the day, before the body is read. A refused
     * upload is given back, so what the visitor may still send stays what they have left.
     */
    async uploadBytes(visitorId: number, bytes: number) {
      const key = `chat-upload-bytes:${visitorId}`;
      const decision = await limiter.consume(key, limits.uploadBytesPerDay, DAY, bytes);
      if (decision.allowed) return;
      await limiter.consume(key, limits.uploadBytesPerDay, DAY, -bytes);
      throw refusal(decision, ChatTexts.uploadQuota);
    },
  };
}

export type ChatLimits = ReturnType<typeof chatLimits>;
