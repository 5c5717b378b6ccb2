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
import { SIGN_IN_PATH } from './paths';
import { clearAllStorage, LocalKeys, local, SessionKeys } from './storage';
import { notify } from './toast';

/**
 * The one client for the shop API (spec 7 and 8), for shoppers and staff alike: a client is made
 * for one kind of session (`createApiClient(store)`: the shopper's `api` below, the agents'
 * console's `staffApi`). Every call goes through `send`, which adds the session's headers, applies
 * the timeout, cancels identical calls still in flight, refreshes an expired token once (409) and
 * retries, ends the session on 401 or when it cannot be refreshed, and turns failures into the
 * spec's toasts.
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

/** Where one kind of session keeps its tokens, and what ending it means. */
export type SessionStore = {
  /** the headers that carry the session, and whatever else this caller always sends */
  headers: () => Record<string, string>;
  refreshToken: () => string | null;
  /** keeps the pair a refresh answered (the refresh token rotates, decision 0002) */
  store: (pair: TTokenPair) => void;
  /** the server refused the refresh token: both tokens are dead */
  forget: () => void;
  /** after the 'log in again' message: clears what the session left and leads to its sign-in page */
  end: () => void | Promise<void>;
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

const REFRESH_PATH = '/shop/login/refresh';

export function buildUrl(path: string, query?: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(session: SessionStore) {
  const inFlight = new Map<string, AbortController>();
  let refreshing: Promise<boolean> | null = null;
  let ending = false;

  /** spec 8 "401": the message, once for every call refused together, then the store ends the session. */
  function endSession() {
    if (ending) return;
    ending = true;
    notify.error(Messages.loginInvalid);
    void Promise.resolve(session.end()).finally(() => {
      ending = false;
    });
  }

  /**
   * spec 4 "409": a new pair for the stored refresh token, one request for every call waiting. A
   * refusal (revoked, expired) forgets the tokens; a network failure keeps them for the next try.
   * False when the session cannot go on now.
   */
  function refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      const stored = session.refreshToken();
      if (!stored) return false;
      try {
        const response = await fetch(REFRESH_PATH, { method: 'POST', headers: { [REFRESH_TOKEN_HEADER]: stored } });
        const envelope = (await response.json()) as Envelope<TTokenPair | null>;
        if (envelope.code !== CODE_OK || !envelope.result) {
          session.forget();
          return false;
        }
        session.store(envelope.result);
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function send<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: RequestOptions,
    retried: boolean,
  ): Promise<Envelope<T>> {
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
          ...session.headers(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body,
        signal: controller.signal,
      });
    } catch {
      const reason = controller.signal.reason;
      if (reason instanceof RequestCancelled) throw reason;
      // spec 8: a timeout or a network failure is always said, whatever the call asked
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
    if (response.status === 409 || envelope.code === 409) {
      // refreshed once: a second 409 means the session cannot go on
      if (!retried && (await refresh())) return send<T>(method, path, options, true);
      endSession();
      return envelope;
    }
    if (envelope.code !== CODE_OK && !options.silent) {
      notify.error(envelope.msg || Messages.serverException);
    }
    return envelope;
  }

  return {
    get: <T>(path: string, options: Omit<RequestOptions, 'body'> = {}) => send<T>('GET', path, options, false),
    post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
      send<T>('POST', path, { ...options, body: body ?? {} }, false),
    /** a write that replaces a whole resource (the staff API's help pages) */
    put: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
      send<T>('PUT', path, { ...options, body }, false),
    refresh,
  };
}

function safeSession(key: string) {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps the shopper's token pair (spec 3 "Storage"): after signing in, and after each refresh. */
export function storeTokens(pair: TTokenPair) {
  local.set(LocalKeys.userToken, pair.token);
  local.set(LocalKeys.refreshToken, pair.refresh_token);
}

/** The shopper's session (spec 3 "Storage", spec 4): tokens in local storage, the currency of the tab. */
const shopperSession: SessionStore = {
  headers() {
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
  },
  refreshToken: () => local.get(LocalKeys.refreshToken),
  store: storeTokens,
  forget() {
    local.remove(LocalKeys.userToken);
    local.remove(LocalKeys.refreshToken);
  },
  /** spec 8 "401": all storage cleared, and /login after 1.5 s */
  end() {
    clearAllStorage();
    return new Promise<void>((resolve) => {
      window.setTimeout(() => {
        resolve();
        window.location.assign(SIGN_IN_PATH);
      }, REDIRECT_AFTER_401_MS);
    });
  },
};

/** The shopper's client: every storefront and account call. */
export const api = createApiClient(shopperSession);

/** True when the error is a silently cancelled duplicate. */
export const isCancelled = (error: unknown) => error instanceof RequestCancelled;
