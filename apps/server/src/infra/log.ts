import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';

type Destination = ReturnType<typeof pino.destination>;

/** Bytes a slow log reader may leave queued before lines are dropped (and counted) rather than held. */
const LOG_QUEUE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The lines logged in one turn of the event loop, handed to the destination as one string when the
 * turn ends. SonicBoom measures the bytes of the buffer it appends a line to on every write, and
 * that buffer grows while a write is under way: line by line under load, that measuring was about half
 * of what a request's log line cost. A quiet shop's line still goes out in the turn it is logged.
 */
class TurnBatch {
  private lines: string[] = [];
  private scheduled = false;

  constructor(readonly destination: Destination) {}

  write(line: string) {
    this.lines.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.handOver);
    }
    return true;
  }

  readonly handOver = () => {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    const batch = this.lines.length === 1 ? (this.lines[0] as string) : this.lines.join('');
    this.lines = [];
    this.destination.write(batch);
  };

  flush(done?: (error?: Error) => void) {
    this.handOver();
    this.destination.flush(done);
  }

  /** At exit, with no event loop left: what is queued is written before the process ends. */
  flushSync() {
    this.handOver();
    try {
      this.destination.flushSync();
    } catch {
      // not open yet, or already closed: there is nothing it could still write
    }
  }

  end() {
    this.handOver();
    this.destination.end();
  }
}

/**
 * The server's logger: JSON lines to stdout, written off the event loop. The lines of a turn of the
 * event loop are handed to the file system together and asynchronously, and the lines logged while
 * one write is under way go out together in the next, so a busy shop never waits for its log reader
 * and a quiet one shows each line at once; what is queued is written when the process exits. If
 * the reader falls behind by more than 16 MB, lines are dropped and a count of them is logged once
 * the queue drains, so a stuck pipe costs memory up to that bound and never the shop.
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  const destination = pino.destination({
    dest,
    sync: false,
    minLength: 0,
    maxLength: LOG_QUEUE_MAX_BYTES,
  });
  const batch = new TurnBatch(destination);
  process.once('exit', () => batch.flushSync());
  const logger = pino({ level }, batch);
  let dropped = 0;
  destination.on('drop', (lines: string) => {
    dropped += lines.split('\n').length - 1;
  });
  destination.on('drain', () => {
    if (dropped === 0) return;
    const count = dropped;
    dropped = 0;
    logger.warn({ dropped: count }, 'log lines dropped: the log reader fell behind');
  });
  return logger;
}

/**
 * One line per request, when its answer has gone: method, path, status and time. It replaces
 * Fastify's two lines (received, completed) and their serialised request and reply objects.
 */
export function logRequests(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
