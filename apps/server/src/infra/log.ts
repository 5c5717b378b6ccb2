import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';

/** Bytes a slow log reader may leave queued before lines are dropped (and counted) rather than held. */
const LOG_QUEUE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The server's logger: JSON lines to stdout, written off the event loop. Each write is handed to
 * the file system asynchronously, and the lines logged while one is under way go out together in
 * the next, so a busy shop never waits for its log reader and a quiet one shows each line at once;
 * pino flushes what is queued when the process exits. If the reader falls behind by
 * more than 16 MB, lines are dropped and a count of them is logged once the queue drains, so a
 * stuck pipe costs memory up to that bound and never the shop.
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  const destination = pino.destination({
    dest,
    sync: false,
    minLength: 0,
    maxLength: LOG_QUEUE_MAX_BYTES,
  });
  const logger = pino({ level }, destination);
  let dropped = 0;
  destination.on('drop', () => {
    dropped++;
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
