import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    pageNonce: string;
  }
}

/**
 * The Content-Security-Policy of every page: scripts only from this origin or carrying this
 * response's nonce (React Router's hydration scripts get it). Styles may be inline: React and the
 * UI primitives set style attributes, which carry no script. The API docs set their own policy.
 */
export function registerCsp(app: FastifyInstance) {
  app.decorateReply('pageNonce', '');
  app.addHook('onRequest', async (_request, reply) => {
    reply.pageNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api-docs')) return payload;
    const nonce = reply.pageNonce;
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "media-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join('; '),
    );
    return payload;
  });
}
