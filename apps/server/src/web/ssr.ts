import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { Envelope, ShopLoadContext } from '@shop/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { PageCache } from './page-cache';

/** Paths that belong to the API: an unknown one answers JSON, never a page. */
const API_PREFIXES = ['/shop/', '/api/', '/admin/', '/worker/', '/media/', '/assets/'];

export const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/** Loads the web app's server build; null when the web app has not been built (API-only tests). */
export async function loadWebBuild(buildDir: string): Promise<ServerBuild | null> {
  const entry = join(buildDir, 'server', 'index.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** The in-process API handed to loaders: the same routes, validation and envelope, no network hop. */
function inProcessApi(app: FastifyInstance, request: FastifyRequest): ShopLoadContext['api'] {
  const forwarded: Record<string, string> = {};
  for (const name of ['currency', 'language', 'accept-language', 'user-agent']) {
    const value = request.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }
  return async <T>(path: string, init: Parameters<ShopLoadContext['api']>[1] = {}) => {
    const response = await app.inject({
      method: init.method ?? 'GET',
      url: path,
      // the page's request id, so that its API calls can be found beside it in the logs
      headers: { ...forwarded, 'x-request-id': request.id, ...init.headers },
      ...(init.body === undefined ? {} : { payload: init.body as object }),
      remoteAddress: request.ip,
    });
    return response.json() as Envelope<T>;
  };
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const host = request.headers.host ?? 'localhost';
  const url = new URL(request.url, `${request.protocol}://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  return new Request(url, { method: request.method, headers, signal: controller.signal });
}

/** Headers a cached page may carry over; the rest (dates, CSP, request id) belong to each response. */
const CACHED_HEADERS = new Set(['content-type', 'cache-control', 'vary', 'link']);

/**
 * Every page request goes to React Router, which renders it on the server and streams the HTML.
 * Pages that look the same for everyone (GET, 200, no credentials, no cookies set) are kept in
 * `pageCache` and answered from there (see page-cache.ts).
 */
export function registerSsr(app: FastifyInstance, build: ServerBuild, mode: string, pageCache: PageCache) {
  const handle = createRequestHandler(build, mode);
  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) {
      return reply
        .status(404)
        .send({ code: 404, msg: `Not found: ${request.method} ${request.url.split('?')[0]}`, result: null });
    }
    const nonce = reply.pageNonce;
    const cacheable =
      pageCache.enabled && request.method === 'GET' && !request.headers['user-token'] && !request.headers.authorization;
    if (!cacheable) return renderPage(request, reply, nonce, false);
    for (;;) {
      const found = pageCache.lookup(request.url, nonce);
      if (found.kind === 'hit') {
        for (const [name, value] of found.page.headers) reply.header(name, value);
        return reply
          .status(200)
          .header('x-page-cache', found.fresh ? 'hit' : 'stale')
          .send(found.page.body);
      }
      if (found.kind === 'render') break;
      // Another request is rendering this page: its copy answers this one too.
      await found.rendered;
    }
    try {
      return await renderPage(request, reply, nonce, true);
    } finally {
      // Kept by renderPage when it could be; otherwise the waiting requests look again.
      pageCache.abandon(request.url);
    }
  };

  async function renderPage(request: FastifyRequest, reply: FastifyReply, nonce: string, keep: boolean) {
    const context: ShopLoadContext = { nonce, api: inProcessApi(app, request) };
    const response = await handle(toWebRequest(request, reply), context);
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    if (keep && response.status === 200 && cookies.length === 0) {
      const body = await response.text();
      const headers = [...response.headers].filter(([name]) => CACHED_HEADERS.has(name));
      pageCache.set(request.url, body, nonce, headers);
      return reply.header('x-page-cache', 'miss').send(body);
    }
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  }
  app.get('/*', render);
  app.get('/', render);
}
