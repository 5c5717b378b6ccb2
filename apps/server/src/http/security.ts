import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

const NONCE = Symbol('pageNonce');

const policy = (scripts: string) =>
  [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
/** Answers that render no page (JSON, files): no inline script at all. Made once. */
const API_POLICY = policy("'self'");
const [POLICY_BEFORE_NONCE, POLICY_AFTER_NONCE] = policy("'self' 'nonce-\u0000'").split('\u0000');
const pagePolicy = (nonce: string) => `${POLICY_BEFORE_NONCE}${nonce}${POLICY_AFTER_NONCE}`;

/**
 * The security headers of every answer besides the script policy: the values a hardened site
 * sends (isolation from other origins, no sniffing, no framing by others, HTTPS only, no
 * referrer), set as one constant object per response rather than by a chain of middleware.
 */
const SECURITY_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

/** Sets SECURITY_HEADERS on every answer; a route may still change one (media files do). */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
}

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
    reply.header('content-security-policy', nonce ? pagePolicy(nonce) : API_POLICY);
    return payload;
  });
}
