import { Messages } from '@shop/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

type ValidationIssue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function fieldsOf(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const name = path.map(String).join('.') || '_';
    if (!fields[name]) fields[name] = issue.message ?? Messages.badRequest;
  }
  return fields;
}

/** One place maps every error to `{ code, msg, result }` with its HTTP status; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const result = error.fields || error.extra?.result ? { ...error.extra?.result, fields: error.fields } : null;
      return reply.status(error.status).send({ code: error.extra?.code ?? error.status, msg: error.message, result });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation as ValidationIssue[]);
      const first = Object.values(fields)[0] ?? Messages.badRequest;
      return reply.status(400).send({ code: 400, msg: first, result: { fields } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 429, msg: Messages.tooManyAttempts, result: null });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: unparsable JSON, wrong content type, body too large.
      const msg =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? Messages.badRequest
              : error.code?.startsWith('FST_ERR_CTP')
                ? 'The request body is not valid JSON'
                : Messages.badRequest;
      return reply.status(status).send({ code: status, msg, result: null });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 500, msg: Messages.internal, result: null });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ code: 404, msg: `${Messages.notFound}: ${request.method} ${request.url.split('?')[0]}`, result: null }),
  );
}
