import { once } from 'node:events';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { createLogger } from './log';

describe('request logging', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes one line per request: method, path, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'info', stream } });
    await t.app.inject({ method: 'GET', url: '/shop/goods/classify' });
    await t.app.inject({ method: 'GET', url: '/no/such/page' });
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({ method: 'GET', url: '/shop/goods/classify', status: 200, ms: expect.any(Number) }),
      expect.objectContaining({ method: 'GET', url: '/no/such/page', status: 404 }),
    ]);
    // Fastify's own pair of lines (received, completed) is gone
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });
});

type Batched = { end(): void; flushSync(): void; destination: NodeJS.EventEmitter & { write(data: string): boolean } };
const streamOf = (logger: ReturnType<typeof createLogger>) =>
  (logger as unknown as Record<symbol, Batched>)[pino.symbols.streamSym] as Batched;
const newLogFile = () => join(mkdtempSync(join(tmpdir(), 'shop-log-')), 'server.log');

describe('the server logger', () => {
  it('hands its lines to the file system asynchronously and loses none of them', async () => {
    const file = newLogFile();
    const logger = createLogger('info', file);
    for (let i = 0; i < 1000; i++) logger.info({ i }, 'line');
    // a synchronous logger would have written every line by now; this one has not blocked on any
    expect(statSync(file, { throwIfNoEntry: false })?.size ?? 0).toBeLessThan(1000 * 40);
    const stream = streamOf(logger);
    stream.end();
    await once(stream.destination, 'close');
    const written = readFileSync(file, 'utf8').trim().split('\n');
    expect(written).toHaveLength(1000);
    expect(JSON.parse(written[999] ?? '{}')).toMatchObject({ i: 999, msg: 'line' });
  });

  it('hands the lines of one turn of the event loop to its destination in one write', async () => {
    const logger = createLogger('info', newLogFile());
    const stream = streamOf(logger);
    await once(stream.destination, 'ready');
    const writes: string[] = [];
    const write = stream.destination.write.bind(stream.destination);
    stream.destination.write = (data: string) => {
      writes.push(data);
      return write(data);
    };
    for (let i = 0; i < 100; i++) logger.info({ i }, 'line');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    expect(
      writes[0]
        ?.split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).i),
    ).toEqual(Array.from({ length: 100 }, (_, i) => i));
    logger.info({ i: 100 }, 'line');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(2);
    stream.end();
    await once(stream.destination, 'close');
  });

  it('counts the lines of a batch it had to drop, and says how many once the reader catches up', async () => {
    const file = newLogFile();
    const logger = createLogger('info', file);
    const stream = streamOf(logger);
    await once(stream.destination, 'ready');
    // what SonicBoom does when its queue is past the bound: the batch handed over is dropped whole
    stream.destination.emit('drop', '{"i":1}\n{"i":2}\n{"i":3}\n');
    stream.destination.emit('drop', '{"i":4}\n');
    stream.destination.emit('drain');
    await new Promise((resolve) => setImmediate(resolve));
    stream.end();
    await once(stream.destination, 'close');
    const written = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(written).toEqual([expect.objectContaining({ dropped: 4, msg: 'log lines dropped: the log reader fell behind' })]);
  });

  it('writes what is still queued at once when the process exits', async () => {
    const file = newLogFile();
    const logger = createLogger('info', file);
    const stream = streamOf(logger);
    await once(stream.destination, 'ready');
    for (let i = 0; i < 10; i++) logger.info({ i }, 'line');
    stream.flushSync(); // what the process's exit runs: no turn of the event loop is left
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(10);
    stream.end();
    await once(stream.destination, 'close');
  });
});
