import type { AddressInfo } from 'node:net';
import { PathInfo } from '@shop/contracts/chat-protocol';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB } from '../jobs';
import { ChatClient } from '../testing/chat-client';
import { createTestApp, listen, type TestApp, testEngine } from '../testing/harness';
import { withJobLock } from './jobs';
import { Mailer } from './mail/mailer';

const TOKEN = 'scraper-token-0123456789';
const FOREIGN = '203.0.113.7';

/** The value of the sample `name` whose labels include `labels`, from the exposition text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({ url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('/metrics: who may read it', () => {
  let t: TestApp;
  let trusting: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    trusting = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => {
    await t?.close();
    await trusting?.close();
  });

  it('answers the machine itself in the Prometheus text format', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await t.app.inject({ url: '/metrics', remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('# TYPE shop_http_request_duration_seconds histogram');
      expect(response.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    }
  });

  it('is not found from another address without the token, or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }]) {
      const response = await t.app.inject({ url: '/metrics', remoteAddress: FOREIGN, headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('shop_');
    }
  });

  it('stays out of the OpenAPI document', async () => {
    const document = await t.app.inject({ url: '/api-docs/json' });
    expect(Object.keys(document.json<{ paths: Record<string, unknown> }>().paths)).not.toContain('/metrics');
  });

  it('answers another address that sends the token', async () => {
    const response = await t.app.inject({
      url: '/metrics',
      remoteAddress: FOREIGN,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('shop_http_request_duration_seconds');
  });

  it('refuses a request a proxy on this machine forwarded, unless the proxy is trusted and the client is local', async () => {
    // no proxy trusted: the loopback peer is a proxy speaking for someone else
    const forwarded = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': FOREIGN } });
    expect(forwarded.statusCode).toBe(404);
    // a trusted proxy: its word decides
    const foreign = await trusting.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': FOREIGN } });
    expect(foreign.statusCode).toBe(404);
    const forged = await trusting.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': `127.0.0.1, ${FOREIGN}` } });
    expect(forged.statusCode).toBe(404);
    const local = await trusting.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(local.statusCode).toBe(200);
  });
});

describe('/metrics: what it counts', () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await other?.close();
  });

  it('counts a request under its route pattern and status, never its URL', async () => {
    const route = '/home/data/:url.json';
    const before = sample(await scrape(t), 'shop_http_request_duration_seconds_count', { route, method: 'GET' });
    await t.app.inject({ url: '/home/data/no-such-category.json' });
    await t.app.inject({ url: '/home/data/another-one.json' });
    const text = await scrape(t);
    const labels = { route, method: 'GET', status: '404' };
    expect(sample(text, 'shop_http_request_duration_seconds_count', labels) - before).toBe(2);
    expect(sample(text, 'shop_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(2);
    expect(text).not.toContain('no-such-category');
    await t.app.inject({ url: '/no/route/here' });
    expect(sample(await scrape(t), 'shop_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    // each app keeps its own registry
    expect(sample(await scrape(other), 'shop_http_request_duration_seconds_count', labels)).toBe(0);
  });

  it('times the database queries by operation, and shows the PostgreSQL pool', async () => {
    const text = await scrape(t);
    expect(sample(text, 'shop_db_query_duration_seconds_count', { operation: 'select' })).toBeGreaterThan(0);
    expect(sample(text, 'shop_db_query_duration_seconds_count', { operation: 'insert' })).toBeGreaterThan(0);
    if (testEngine === 'postgres') {
      expect(sample(text, 'shop_db_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'shop_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
      expect(text).toContain('shop_db_pool_waiting 0');
    } else {
      expect(text).not.toContain('shop_db_pool_connections');
    }
  });

  it('counts chat connections, messages and their delivery', async () => {
    const { ws } = await listen(t);
    const visitor = await ChatClient.connect(`${ws}/worker/ws`);
    try {
      visitor.send({ pathInfo: PathInfo.initialize, language: 'en-us' });
      await visitor.next('init');
      expect(sample(await scrape(t), 'shop_chat_connections')).toBe(1);
      // the first message opens the conversation
      visitor.send({ pathInfo: PathInfo.sendSessionMessage, type: 'text', content: 'Hello', client_msg_id: 'm-1' });
      await visitor.next('newMessage', (message: { content: string }) => message.content === 'Hello');
      const text = await scrape(t);
      expect(sample(text, 'shop_chat_messages_total', { sender: 'tourist' })).toBe(1);
      expect(sample(text, 'shop_chat_delivery_seconds_count')).toBeGreaterThanOrEqual(1);
    } finally {
      await visitor.close();
    }
  });

  it('counts a background job that ran, and one that failed', async () => {
    const metrics = t.app.services.metrics;
    expect(await t.app.services.jobs.run(JOB.unpaidOrderExpiry)).toEqual({ cancelled: 0 });
    await expect(
      withJobLock(
        t.database.db,
        'failing-job',
        60_000,
        async () => {
          throw new Error('the job broke');
        },
        metrics,
      ),
    ).rejects.toThrow('the job broke');
    const text = await scrape(t);
    expect(sample(text, 'shop_job_runs_total', { job: JOB.unpaidOrderExpiry })).toBe(1);
    expect(sample(text, 'shop_job_duration_seconds_count', { job: JOB.unpaidOrderExpiry })).toBe(1);
    expect(sample(text, 'shop_job_failures_total', { job: JOB.unpaidOrderExpiry })).toBe(0);
    expect(sample(text, 'shop_job_runs_total', { job: 'failing-job' })).toBe(1);
    expect(sample(text, 'shop_job_failures_total', { job: 'failing-job' })).toBe(1);
  });

  it('counts e-mail sent, and e-mail the SMTP server could not take', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        stream.on('data', (chunk: Buffer) => received.push(chunk.toString()));
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const metrics = t.app.services.metrics;
    const message = { to: 'ada@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };
    try {
      const working = new Mailer(t.database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'shop@example.com', metrics });
      await working.enqueue(message);
      expect(await working.deliverPending(Date.now())).toMatchObject({ sent: 1 });
      working.close();
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
    expect(received.join('')).toContain('Subject: Hello');
    // the same port, now closed
    const broken = new Mailer(t.database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'shop@example.com', metrics });
    await broken.enqueue(message);
    expect(await broken.deliverPending(Date.now())).toMatchObject({ sent: 0, retried: 1 });
    broken.close();
    const text = await scrape(t);
    expect(sample(text, 'shop_mail_sent_total')).toBe(1);
    expect(sample(text, 'shop_mail_failed_total')).toBe(1);
  });
});
