import {
  CODE_OK,
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  type Envelope,
  Messages,
  REDIRECT_AFTER_401_MS,
  REFRESH_TOKEN_HEADER,
  REQUEST_TIMEOUT_MS,
} from '@shop/contracts';
import type { TTokenPair } from '@shop/contracts/auth';
import { clearAllStorage, LocalKeys, local, SessionKeys } from './storage';
import { notify } from './toast';

/**
 * The one client for the shop API (spec 7 and 8). Every call goes through `request`, which adds the
 * headers, applies the timeout, cancels identical calls still in flight, refreshes an expired
 * token once (409), ends the session on 401, and turns failures into the spec's toasts.
 */

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** no error toast for a server-side failure (the caller shows it its own way) */
  silent?: boolean;
  /** no timeout (uploads) */
  noTimeout?: boolean;
  headers?: Record<string, string>;
};

export class RequestCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'RequestCancelled';
  }
}

export class NetworkFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkFailure';
  }
}

const inFlight = new Map<string, AbortController>();
let refreshing: Promise<boolean> | null = null;
let redirecting = false;

export function buildUrl(path: string, query?: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function authHeaders(): Record<string, string> {
  const token = local.get(LocalKeys.userToken);
  const headers: Record<string, string> = {
    currency: safeSession(SessionKeys.currency) ?? DEFAULT_CURRENCY,
    language: DEFAULT_LANGUAGE,
  };
  if (token) {
    headers['user-token'] = token;
    headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

function safeSession(key: string) {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** spec 8 "401": clear the session and send the shopper to /login after 1.5 s. */
function endSession() {
  if (redirecting) return;
  redirecting = true;
  notify.error(Messages.loginInvalid);
  clearAllStorage();
  window.setTimeout(() => {
    redirecting = false;
    window.location.assign('/login');
  }, REDIRECT_AFTER_401_MS);
}

/** spec 4 "409": refresh the token with the stored refresh token, once for all waiting calls. */
function refreshToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const stored = local.get(LocalKeys.refreshToken);
    if (!stored) return false;
    try {
      const response = await fetch('/shop/login/refresh', {
        method: 'POST',
        headers: { [REFRESH_TOKEN_HEADER]: stored },
      });
      const envelope = (await response.json()) as Envelope<TTokenPair | null>;
      if (envelope.code !== CODE_OK || !envelope.result) return false;
      local.set(LocalKeys.userToken, envelope.result.token);
      local.set(LocalKeys.refreshToken, envelope.result.refresh_token);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send<T>(method: 'GET' | 'POST', path: string, options: RequestOptions, retried: boolean): Promise<Envelope<T>> {
  const url = buildUrl(path, options.query);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const key = `${method} ${url} ${body ?? ''}`;
  // spec 7: an identical call still in flight is cancelled; the newest one wins.
  inFlight.get(key)?.abort(new RequestCancelled());
  const controller = new AbortController();
  inFlight.set(key, controller);
  const timer = options.noTimeout
    ? undefined
    : window.setTimeout(() => controller.abort(new NetworkFailure(Messages.timeout)), REQUEST_TIMEOUT_MS);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        ...authHeaders(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body,
      signal: controller.signal,
    });
  } catch {
    const reason = controller.signal.reason;
    if (reason instanceof RequestCancelled) throw reason;
    const message =
      reason instanceof NetworkFailure ? reason.message : navigator.onLine ? Messages.serverException : Messages.offline;
    notify.error(message);
    throw new NetworkFailure(message);
  } finally {
    window.clearTimeout(timer);
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }

  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    if (!options.silent) notify.error(Messages.serverException);
    throw new NetworkFailure(Messages.serverException);
  }

  if (response.status === 401 || envelope.code === 401) {
    endSession();
    return envelope;
  }
  if ((response.status === 409 || envelope.code === 409) && !retried) {
    if (await refreshToken()) return send<T>(method, path, options, true);
    endSession();
    return envelope;
  }
  if (envelope.code !== CODE_OK && !options.silent) {
    notify.error(envelope.msg || Messages.serverException);
  }
  return envelope;
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'body'> = {}) => send<T>('GET', path, options, false),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
    send<T>('POST', path, { ...options, body: body ?? {} }, false),
};

/** True when the error is a silently cancelled duplicate. */
export const isCancelled = (error: unknown) => error instanceof RequestCancelled;
