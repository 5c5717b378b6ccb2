import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker copies the write-ahead log back into the database file. */
const CHECKPOINT_EVERY_MS = 250;
/** SQLite's own default, used again whenever the worker is not there to do the work. */
const AUTOCHECKPOINT_PAGES = 1000;
/**
 * With the worker running, the committing connection still checkpoints once the log passes this
 * many pages (64 MB): a passive checkpoint can fall behind a steady stream of writes, and the log
 * only starts again from the top after one that catches its end. Blocking checkpoints (RESTART)
 * are never used: a connection with a transaction open would wait on the checkpoint that waits on
 * it.
 */
const SAFETY_AUTOCHECKPOINT_PAGES = 16_384;
/** A log that starts again is cut back to this size. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

// A worker of its own, with its own connection to the file. It is given as source (not a file)
// so that it runs the same from the TypeScript sources and from the bundled server.
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // the file is busy or going away: the next round tries again
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

/**
 * Moves SQLite's checkpoints off the event loop. By default the connection that commits copies
 * the write-ahead log into the database file every 1,000 pages, and that copy (with its fsync)
 * stalls every request in flight for milliseconds — the slowest 1 % of a busy bag or chat. Here
 * a worker thread does it every quarter second with a PASSIVE checkpoint, which never blocks the
 * writer, and the committing connection only steps in past 64 MB of log. If the worker cannot start or dies, SQLite's automatic checkpoints come back. Returns
 * the function that stops the worker (before the main connection closes, so that the main
 * connection, closing last, folds what is left of the log back into the file).
 */
export function checkpointInBackground(sqlite: SQLite.Database, file: string): () => Promise<void> {
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  let stopping = false;
  let gone = false;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      everyMs: CHECKPOINT_EVERY_MS,
    },
  });
  worker.unref();
  worker.once('message', (message) => {
    if (message === 'ready' && !stopping) sqlite.pragma(`wal_autocheckpoint = ${SAFETY_AUTOCHECKPOINT_PAGES}`);
  });
  const fallBack = () => {
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', () => {
    gone = true;
    fallBack();
  });

  return async () => {
    if (stopping) return;
    stopping = true;
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    if (gone) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    const timeout = setTimeout(() => void worker.terminate(), 2000);
    await exited;
    clearTimeout(timeout);
  };
}
