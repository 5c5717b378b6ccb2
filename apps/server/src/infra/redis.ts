import { Redis } from 'ioredis';

/** One connection for commands. Fails fast instead of queueing forever when Redis is down. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
