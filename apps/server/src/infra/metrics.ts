import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { JobStatus } from './jobs';

/** Seconds; from a cached page (under a millisecond) to a slow render. */
const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const DELIVERY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

let processRegistry: Registry | null = null;

/**
 * The process's own metrics (CPU, memory, heap, garbage collection, event-loop lag and delay):
 * they belong to the process, not to an app, so they are collected once however many apps a test
 * file builds, and every app's /metrics shows them.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type DbOperation = 'select' | 'insert' | 'update' | 'delete' | 'other';
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/** One app's metrics, in a registry of its own (decision 0017). */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    registry,
    httpRequests: new Histogram({
      name: 'shop_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status; its _count is the request counter',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    dbQueries: new Histogram({
      name: 'shop_db_query_duration_seconds',
      help: 'Time a database query took, by operation',
      labelNames: ['operation'] as const,
      buckets: QUERY_BUCKETS,
      registers,
    }),
    dbQueryErrors: new Counter({
      name: 'shop_db_query_errors_total',
      help: 'Database queries that failed, by operation',
      labelNames: ['operation'] as const,
      registers,
    }),
    chatConnections: new Gauge({
      name: 'shop_chat_connections',
      help: 'Chat websockets open on this instance',
      registers,
    }),
    chatMessages: new Counter({
      name: 'shop_chat_messages_total',
      help: 'Chat messages stored, by sender (tourist, csr, or auto for the knowledge base answering a queued visitor)',
      labelNames: ['sender'] as const,
      registers,
    }),
    chatDelivery: new Histogram({
      name: 'shop_chat_delivery_seconds',
      help: 'Time from storing a chat message to writing it to a connection of its recipient',
      buckets: DELIVERY_BUCKETS,
      registers,
    }),
    jobRuns: new Counter({
      name: 'shop_job_runs_total',
      help: 'Background job passes this instance ran (it held the job lock), by job',
      labelNames: ['job'] as const,
      registers,
    }),
    jobFailures: new Counter({
      name: 'shop_job_failures_total',
      help: 'Background job passes that failed, by job',
      labelNames: ['job'] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: 'shop_job_duration_seconds',
      help: 'Time a background job pass took, by job',
      labelNames: ['job'] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    mailSent: new Counter({ name: 'shop_mail_sent_total', help: 'E-mails handed to the SMTP server', registers }),
    mailFailed: new Counter({
      name: 'shop_mail_failed_total',
      help: 'E-mail delivery attempts the SMTP server refused or that could not reach it',
      registers,
    }),

    /** The database pool's connections, read when scraped (PostgreSQL only; SQLite has one connection). */
    watchPool(stats: () => PoolStats) {
      new Gauge({
        name: 'shop_db_pool_connections',
        help: 'Database pool connections, by state (idle, busy) and the pool size (max)',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const { total, idle, max } = stats();
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'busy' }, total - idle);
          this.set({ state: 'max' }, max);
        },
      });
      new Gauge({
        name: 'shop_db_pool_waiting',
        help: 'Queries waiting for a database connection',
        registers,
        collect() {
          this.set(stats().waiting);
        },
      });
    },

    /**
     * Each background job's backlog, given-up work and last run, read from the database when
     * scraped (one read per scrape, shared by the gauges).
     */
    watchJobs(status: () => Promise<JobStatus[]>) {
      let reading: { at: number; jobs: Promise<JobStatus[]> } | null = null;
      const jobs = () => {
        const now = Date.now();
        if (!reading || now - reading.at > 1_000) reading = { at: now, jobs: status() };
        return reading.jobs;
      };
      const gauge = (name: string, help: string, value: (job: JobStatus) => number | null) =>
        new Gauge({
          name,
          help,
          labelNames: ['job'] as const,
          registers,
          async collect() {
            this.reset();
            for (const job of await jobs()) {
              const v = value(job);
              if (v !== null) this.set({ job: job.name }, v);
            }
          },
        });
      const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);
      gauge(
        'shop_job_backlog',
        'Work waiting for a background job (events, e-mails, orders, files), by job',
        (job) => job.backlog,
      );
      gauge(
        'shop_job_given_up',
        'Work a background job gave up on after repeated failures, kept for a person, by job',
        (job) => job.given_up,
      );
      gauge('shop_job_last_run_timestamp_seconds', 'When a background job last ran on any instance, by job', (job) =>
        seconds(job.last_run_at),
      );
      gauge('shop_job_last_success_timestamp_seconds', 'When a background job last succeeded, by job', (job) =>
        seconds(job.last_success_at),
      );
      gauge('shop_job_last_error_timestamp_seconds', 'When a background job last failed, by job', (job) =>
        seconds(job.last_error_at),
      );
    },

    /** The text a Prometheus scrape receives: the process's metrics, then this app's. */
    async exposition(): Promise<string> {
      return (await processMetrics().metrics()) + (await registry.metrics());
    },
  };
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The kind of a Kysely query node, as the operation label. */
export function dbOperation(nodeKind: string): DbOperation {
  switch (nodeKind) {
    case 'SelectQueryNode':
      return 'select';
    case 'InsertQueryNode':
      return 'insert';
    case 'UpdateQueryNode':
      return 'update';
    case 'DeleteQueryNode':
      return 'delete';
    default:
      return 'other';
  }
}

/**
 * Counts every answered request in one histogram observation, from an onResponse hook with a
 * callback (no promise per request). The route label is the route's pattern (`/product/:slug`,
 * `/*` for pages), never the URL, so the series stay few; a request no route matched is `unmatched`.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics) {
  const histogram = metrics.httpRequests;
  app.addHook('onResponse', (request, reply, done) => {
    histogram.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request comes from the shop's operators: the machine itself, or a scraper holding
 * METRICS_TOKEN. "The machine itself" is a client whose address (after the trusted proxies,
 * TRUST_PROXY) is a loopback one. With no proxy trusted, a loopback request that carries
 * forwarding headers came through a proxy on this machine for someone else, and is not.
 */
export function operatorRequest(options: { token?: string; proxyTrusted: boolean }) {
  const expected = options.token ? digest(options.token) : null;
  return (request: FastifyRequest) => {
    const authorization = request.headers.authorization;
    if (expected && authorization?.startsWith('Bearer ')) {
      return timingSafeEqual(digest(authorization.slice('Bearer '.length).trim()), expected);
    }
    if (!isLoopback(request.ip)) return false;
    return options.proxyTrusted || !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  };
}

/** GET /metrics, for the operators (`operatorRequest`); anyone else gets the shop's 404, as if the route did not exist. */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, options: { token?: string; proxyTrusted: boolean }) {
  const allowed = operatorRequest(options);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(request)) return reply.callNotFound();
    const text = await metrics.exposition();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
