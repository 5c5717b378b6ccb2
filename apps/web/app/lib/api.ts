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
 * console's `staffApi`). Every call adds the session's headers, refreshes an expired token once
 * (409) and retries, ends the session on 401 or when it cannot be refreshed, and turns failures
 * into the spec's toasts. JSON calls (`get`, `post`, `put`) and files (`file`) also get the timeout
 * and cancel identical calls still in flight; uploads (`upload`) report their progress instead.
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

/** A file the server answered (an export, an attachment): its bytes and the name it gave, if any. */
export type DownloadedFile = { blob: Blob; name: string | null };

export type UploadOptions = {
  /** no error toast for a server-side failure (the caller shows it its own way) */
  silent?: boolean;
  headers?: Record<string, string>;
  /** the share of the body sent so far (0–1), as the browser reports it */
  onSent?: (share: number) => void;
  /**
   * The answer is streamed, one JSON object a line: each complete line as it arrives, the last one
   * too, which is the answer's envelope and what `upload` resolves with.
   */
  onLine?: (line: string) => void;
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

/** The name in a content-disposition header (`attachment; filename="orders.csv"`), or null. */
export const fileNameOf = (disposition: string | null): string | null =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;

/** The message of a failed connection: offline, or the server's fault. */
const connectionMessage = () => (navigator.onLine ? Messages.serverException : Messages.offline);

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

  /**
   * The answer's envelope by the session's rules: 401 ends the session; 409 refreshes the token
   * once and asks `again`, or ends the session when that cannot be done; any other failure is a
   * toast unless the call is silent.
   */
  async function settle<T>(
    status: number,
    envelope: Envelope<T>,
    options: { silent?: boolean },
    again: (() => Promise<Envelope<T>>) | null,
  ): Promise<Envelope<T>> {
    if (status === 401 || envelope.code === 401) {
      endSession();
      return envelope;
    }
    if (status === 409 || envelope.code === 409) {
      // refreshed once: a second 409 means the session cannot go on
      if (again && (await refresh())) return again();
      endSession();
      return envelope;
    }
    if (envelope.code !== CODE_OK && !options.silent) {
      notify.error(envelope.msg || Messages.serverException);
    }
    return envelope;
  }

  /** An answer that is not the envelope it should be: said unless silent, and thrown. */
  function unreadable(options: { silent?: boolean }): never {
    if (!options.silent) notify.error(Messages.serverException);
    throw new NetworkFailure(Messages.serverException);
  }

  /**
   * One fetch with the session's headers, the timeout, and the newest of identical calls winning;
   * a timeout or a network failure is said, whatever the call asked, and thrown.
   */
  async function exchange(method: 'GET' | 'POST' | 'PUT', url: string, body: string | undefined, options: RequestOptions) {
    const key = `${method} ${url} ${body ?? ''}`;
    // spec 7: an identical call still in flight is cancelled; the newest one wins.
    inFlight.get(key)?.abort(new RequestCancelled());
    const controller = new AbortController();
    inFlight.set(key, controller);
    const timer = options.noTimeout
      ? undefined
      : window.setTimeout(() => controller.abort(new NetworkFailure(Messages.timeout)), REQUEST_TIMEOUT_MS);
    try {
      return await fetch(url, {
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
      const message = reason instanceof NetworkFailure ? reason.message : connectionMessage();
      notify.error(message);
      throw new NetworkFailure(message);
    } finally {
      window.clearTimeout(timer);
      if (inFlight.get(key) === controller) inFlight.delete(key);
    }
  }

  async function send<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: RequestOptions,
    retried: boolean,
  ): Promise<Envelope<T>> {
    const url = buildUrl(path, options.query);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const response = await exchange(method, url, body, options);
    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      unreadable(options);
    }
    return settle(response.status, envelope, options, retried ? null : () => send<T>(method, path, options, true));
  }

  /**
   * GET a file (an export, an attachment): a successful answer is the file, with the name its
   * content-disposition gives, as an envelope's result; a refusal is the server's envelope, handled
   * as every call's.
   */
  async function file(
    path: string,
    options: Omit<RequestOptions, 'body'>,
    retried: boolean,
  ): Promise<Envelope<DownloadedFile | null>> {
    const response = await exchange('GET', buildUrl(path, options.query), undefined, options);
    if (response.ok) {
      let blob: Blob;
      try {
        blob = await response.blob();
      } catch {
        const message = connectionMessage();
        notify.error(message);
        throw new NetworkFailure(message);
      }
      return { code: CODE_OK, msg: '', result: { blob, name: fileNameOf(response.headers.get('content-disposition')) } };
    }
    let envelope: Envelope<null>;
    try {
      envelope = (await response.json()) as Envelope<null>;
    } catch {
      unreadable(options);
    }
    return settle<DownloadedFile | null>(response.status, envelope, options, retried ? null : () => file(path, options, true));
  }

  /**
   * POST `body` (JSON, or a FormData as multipart) through XMLHttpRequest, which reports the bytes
   * sent and hands over a streamed answer's lines as they arrive. No timeout, and no twin is
   * cancelled: the server may already be applying what was sent.
   */
  async function upload<T>(path: string, body: unknown, options: UploadOptions, retried: boolean): Promise<Envelope<T>> {
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', path);
      const headers = {
        ...session.headers(),
        ...(multipart ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      };
      for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
      let read = 0;
      const takeLines = () => {
        if (!options.onLine || request.status !== 200) return;
        const text = request.responseText;
        const end = text.lastIndexOf('\n');
        if (end < read) return;
        for (const line of text.slice(read, end).split('\n')) if (line.trim()) options.onLine(line);
        read = end + 1;
      };
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) options.onSent?.(event.loaded / event.total);
      };
      request.onprogress = takeLines;
      request.onerror = () => {
        const message = connectionMessage();
        notify.error(message);
        reject(new NetworkFailure(message));
      };
      request.onload = () => {
        takeLines();
        // the last line, which may end without a line break
        const rest = request.responseText.slice(read);
        if (options.onLine && request.status === 200 && rest.trim()) {
          options.onLine(rest.trim());
          read = request.responseText.length;
        }
        resolve({ status: request.status, text: request.responseText });
      };
      request.send(multipart ? (body as FormData) : JSON.stringify(body));
    });
    const streamed = options.onLine !== undefined && answer.status === 200;
    const lines = answer.text.split('\n').filter((line) => line.trim());
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(streamed ? (lines.at(-1) ?? '') : answer.text) as Envelope<T>;
    } catch {
      unreadable(options);
    }
    return settle(answer.status, envelope, options, retried ? null : () => upload<T>(path, body, options, true));
  }

  return {
    get: <T>(path: string, options: Omit<RequestOptions, 'body'> = {}) => send<T>('GET', path, options, false),
    post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
      send<T>('POST', path, { ...options, body: body ?? {} }, false),
    /** a write that replaces a whole resource (the staff API's help pages) */
    put: <T>(path: string, body: unknown, options: Omit<RequestOptions, 'body'> = {}) =>
      send<T>('PUT', path, { ...options, body }, false),
    /** a file the server answers (exports, attachments): `saveFile` hands it to the browser */
    file: (path: string, options: Omit<RequestOptions, 'body'> = {}) => file(path, options, false),
    /** a write whose progress is shown (pictures, imports): the bytes sent, a streamed answer's lines */
    upload: <T>(path: string, body: unknown, options: UploadOptions = {}) => upload<T>(path, body, options, false),
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

/** Hands a downloaded file to the browser, which saves it under `name`. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // kept a while: a browser may still be reading it after the click
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** True when the error is a silently cancelled duplicate. */
export const isCancelled = (error: unknown) => error instanceof RequestCancelled;
