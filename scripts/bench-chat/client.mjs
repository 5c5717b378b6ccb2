// A chat client that does not keep what it does not need, its heartbeat, and the ramp that opens
// connections a batch at a time.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { openSockets, round } from './process.mjs';
import { BATCH, HEARTBEAT_MS } from './settings.mjs';

/** Pushes the benchmark never reads, recognised without parsing (an agent's session lists grow large). */
const SKIPPED = ['{"type":"sessions"', '{"type":"csrWindowInit"', '{"type":"changeStatus"'];

export class Client {
  constructor(ws, role) {
    this.ws = ws;
    this.role = role;
    this.waiters = [];
    this.seen = new Set();
    this.lastSent = performance.now();
    this.closedByServer = null;
    this.skippedBytes = 0;
  }

  static open(url, role, hooks) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 60_000 });
      const client = new Client(ws, role);
      ws.once('open', () => {
        openSockets.add(ws);
        resolve(client);
      });
      ws.once('error', reject);
      ws.on('error', () => {});
      ws.on('close', (code) => {
        openSockets.delete(ws);
        if (!client.closing) {
          client.closedByServer = code;
          hooks.onClose?.(client, code);
        }
      });
      ws.on('message', (raw) => {
        const head = raw.subarray(0, 24).toString('latin1');
        if (SKIPPED.some((prefix) => head.startsWith(prefix))) {
          client.skippedBytes += raw.length;
          return;
        }
        let push;
        try {
          push = JSON.parse(raw.toString('utf8'));
        } catch {
          hooks.onError?.(client, { message: 'unparseable push' });
          return;
        }
        if (push.type === 'newMessage') hooks.onMessage?.(client, push.data);
        else if (push.type === 'error') hooks.onError?.(client, push.data);
        const index = client.waiters.findIndex((waiter) => waiter.type === push.type);
        if (index >= 0) {
          const [waiter] = client.waiters.splice(index, 1);
          clearTimeout(waiter.timer);
          waiter.resolve(push.data);
        }
      });
    });
  }

  /** Sends a frame and waits for the next push of `type`. */
  ask(frame, type, timeoutMs = 60_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.timer !== timer);
        reject(new Error(`no '${type}' push within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiters.push({ type, resolve, timer });
      this.send(frame);
    });
  }

  send(frame) {
    this.lastSent = performance.now();
    this.ws.send(JSON.stringify(frame));
  }

  close() {
    this.closing = true;
    this.ws.terminate();
  }
}

export const PATH = {
  initialize: 'worker/kefu.WsIndex/initialize',
  distribution: 'worker/kefu.WsIndex/distribution',
  send: 'worker/kefu.Wsession/sendSessionMessage',
  ping: 'worker/kefu.WsMixed/ping',
};

/**
 * The client heartbeat: a ping from each connection silent for 50 s, as the chat widget does; the
 * server closes a connection silent for 100 s. Matters for ramps and holds that last that long.
 */
export function keepAlive(clients) {
  const state = { pings: 0, stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    const now = performance.now();
    for (const client of clients) {
      if (client.ws.readyState === WebSocket.OPEN && now - client.lastSent >= HEARTBEAT_MS) {
        client.send({ pathInfo: PATH.ping });
        state.pings++;
      }
    }
  }, 1_000);
  return state;
}

/** Opens `count` connections, `BATCH` at a time; `open(i)` opens and sets up one. */
export async function ramp(count, open, { onProgress } = {}) {
  const started = performance.now();
  const batches = [];
  const failures = [];
  for (let first = 0; first < count; first += BATCH) {
    const batchStarted = performance.now();
    const size = Math.min(BATCH, count - first);
    const settled = await Promise.allSettled(Array.from({ length: size }, (_, k) => open(first + k)));
    for (const result of settled)
      if (result.status === 'rejected') failures.push(result.reason?.message ?? String(result.reason));
    batches.push(performance.now() - batchStarted);
    await onProgress?.(first + size);
    if (failures.length > Math.max(10, count * 0.02)) break;
  }
  return {
    seconds: round((performance.now() - started) / 1000, 1),
    first_batch_ms: round(batches[0] ?? Number.NaN, 0),
    last_batch_ms: round(batches[batches.length - 1] ?? Number.NaN, 0),
    failures: failures.length,
    failure_samples: [...new Set(failures)].slice(0, 3),
  };
}

/** Counts the connections the server closed, by close code: `closed` for the results, `onClose` for the client's hooks. */
export function closeCounter() {
  const closed = { count: 0, codes: {} };
  const onClose = (_client, code) => {
    closed.count++;
    closed.codes[code] = (closed.codes[code] ?? 0) + 1;
  };
  return { closed, onClose };
}
