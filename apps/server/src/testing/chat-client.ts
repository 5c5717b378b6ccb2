import type { TChatPush, TPushType } from '@shop/contracts/chat-protocol';
import { type ClientOptions, WebSocket } from 'ws';

/** A real websocket client of the chat, for tests: it records every push and can wait for one. */
export class ChatClient {
  readonly pushes: TChatPush[] = [];
  private waiters: Array<{ match: (push: TChatPush) => boolean; resolve: (push: TChatPush) => void }> = [];
  /** the close code, once the socket has closed */
  readonly closed: Promise<number>;
  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => socket.once('close', (code: number) => resolve(code)));
    socket.on('message', (raw) => {
      const push = JSON.parse(String(raw)) as TChatPush;
      this.pushes.push(push);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(push)) return true;
        waiter.resolve(push);
        return false;
      });
    });
  }

  static async connect(url: string, options?: ClientOptions): Promise<ChatClient> {
    const socket = new WebSocket(url, options);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new ChatClient(socket);
  }

  send(frame: Record<string, unknown> | string) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first push of `type` (matching `where`) that arrived, or the next one to arrive. */
  next<T = unknown>(type: TPushType, where: (data: T) => boolean = () => true, timeoutMs = 5_000): Promise<T> {
    const match = (push: TChatPush) => push.type === type && where(push.data as T);
    const seen = this.pushes.find(match);
    if (seen) {
      this.pushes.splice(this.pushes.indexOf(seen), 1);
      return Promise.resolve(seen.data as T);
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no '${type}' push within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (push) => {
          clearTimeout(timer);
          this.pushes.splice(this.pushes.indexOf(push), 1);
          resolve(push.data as T);
        },
      });
    });
  }

  /** Every push of `type` received so far, taken out of the record. */
  take<T = unknown>(type: TPushType): T[] {
    const taken = this.pushes.filter((push) => push.type === type);
    for (const push of taken) this.pushes.splice(this.pushes.indexOf(push), 1);
    return taken.map((push) => push.data as T);
  }

  async close() {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise((resolve) => this.socket.once('close', resolve));
    this.socket.close();
    await closed;
  }
}
