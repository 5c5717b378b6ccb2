import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CHAT_UPLOAD_MAX_BYTES } from '@shop/contracts/chat-protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app';
import { registerErrorHandler } from '../http/error-handler';
import { registerCsp, registerSecurityHeaders } from '../http/security';
import { trustProxyOption } from '../http/trust-proxy';
import { createLogger, logRequests } from '../infra/log';
import { createMetrics, dbOperation, observeRequests } from '../infra/metrics';

/**
 * The Fastify instance with what every request goes through before any route: the request id,
 * the request log, the metrics' observation per request and per query, and zod validation.
 */
export function createServer(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger === undefined
      ? { loggerInstance: createLogger(config.logLevel) as FastifyBaseLogger }
      : { logger: deps.logger }),
    // one line per request, written by logRequests once the answer has gone
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  logRequests(app);
  const metrics = createMetrics();
  observeRequests(app, metrics);
  const stopObservingQueries = database.observeQueries((query) => {
    const operation = dbOperation(query.nodeKind);
    metrics.dbQueries.observe({ operation }, query.ms / 1000);
    if (query.failed) metrics.dbQueryErrors.inc({ operation });
  });
  app.addHook('onClose', async () => stopObservingQueries());
  if (database.poolStats) metrics.watchPool(database.poolStats);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return { app, metrics };
}

/** Security headers, compression, uploads, the OpenAPI document and the error handler. */
export async function registerPlugins(app: FastifyInstance) {
  registerSecurityHeaders(app);
  registerCsp(app);
  // A GET or HEAD has no body to decompress: its routes skip the decompression hook.
  app.addHook('onRoute', (route) => {
    if (route.decompress === undefined && [route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) {
      route.decompress = false;
    }
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart, { limits: { fileSize: CHAT_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fashion shop API',
        version: '1.0.0',
        description: 'Every response is { code, msg, result }; code 200 is success.',
      },
      components: {
        securitySchemes: {
          userToken: { type: 'apiKey', in: 'header', name: 'user-token' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs', staticCSP: true });
  registerErrorHandler(app);
}
