import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

const NONCE = Symbol('pageNonce');

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
  // Made on first use: a page asks for it, an API answer never does (and its policy needs none).
  app.decorateReply('pageNonce', {
    getter(this: FastifyReply & { [NONCE]?: string }) {
      this[NONCE] ??= randomBytes(16).toString('base64');
      return this[NONCE];
    },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api-docs')) return payload;
    const nonce = (reply as FastifyReply & { [NONCE]?: string })[NONCE];
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
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
