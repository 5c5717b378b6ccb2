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

/**
 * The headers every answer carries, set by one synchronous hook before the route runs: the
 * security headers, the request's id and the script policy of an answer that renders no page.
 * A route may still change one (media files do); a page's nonce replaces the policy (`registerCsp`).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    reply.header('content-security-policy', API_POLICY);
    done();
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
 * The nonce is made when a page first asks for it, and its policy is set then: an API answer
 * never asks, and keeps the policy without inline script.
 */
export function registerCsp(app: FastifyInstance) {
  app.decorateReply('pageNonce', {
    getter(this: FastifyReply & { [NONCE]?: string }) {
      if (this[NONCE] === undefined) {
        this[NONCE] = randomBytes(16).toString('base64');
        this.header('content-security-policy', pagePolicy(this[NONCE]));
      }
      return this[NONCE];
    },
  });
}
