import { Redis } from 'ioredis';

/**
 * One connection for commands. Fails fast instead of queueing forever when Redis is down. Commands
 * issued in one turn of the event loop go out in one write (auto-pipelining): under load the chat's
 * limits and deliveries are hundreds of small commands a turn, and a write each was the cost.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true });
}
