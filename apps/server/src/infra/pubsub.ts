import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type PubSubHandler = (message: string) => void;

/**
 * Messages between instances (architecture "Realtime"): in-process for one instance, Redis
 * pub/sub when REDIS_URL is set, so a chat message reaches a connection held by another instance.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe(channel: string, handler: PubSubHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class MemoryPubSub implements PubSub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string) {
    // Delivered on a later tick, as a network hop would be, so no caller depends on same-tick delivery.
    queueMicrotask(() => this.emitter.emit(channel, message));
  }

  async subscribe(channel: string, handler: PubSubHandler) {
    this.emitter.on(channel, handler);
    return async () => {
      this.emitter.off(channel, handler);
    };
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}

export class RedisPubSub implements PubSub {
  private readonly handlers = new Map<string, Set<PubSubHandler>>();
  private readonly subscriber: Redis;

  constructor(
    private readonly publisher: Redis,
    private readonly prefix = 'shop:',
  ) {
    // A connection in subscriber mode can do nothing else, so it gets its own.
    this.subscriber = publisher.duplicate();
    this.subscriber.on('message', (channel: string, message: string) => {
      const handlers = this.handlers.get(channel.slice(this.prefix.length));
      if (handlers) for (const handler of handlers) handler(message);
    });
  }

  async publish(channel: string, message: string) {
    await this.publisher.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: PubSubHandler) {
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      await this.subscriber.subscribe(this.prefix + channel);
    }
    handlers.add(handler);
    return async () => {
      const set = this.handlers.get(channel);
      if (!set) return;
      set.delete(handler);
      if (set.size === 0) {
        this.handlers.delete(channel);
        await this.subscriber.unsubscribe(this.prefix + channel);
      }
    };
  }

  async close() {
    this.handlers.clear();
    this.subscriber.disconnect();
  }
}
