import { CODE_OK, type Envelope, Messages, REFRESH_TOKEN_HEADER, REQUEST_TIMEOUT_MS } from '@shop/contracts';
import type { TTokenPair } from '@shop/contracts/auth';
import { useSyncExternalStore } from 'react';
import { buildUrl, type RequestOptions } from '../../lib/api';
import { local, subscribeStorage } from '../../lib/storage';
import { notify } from '../../lib/toast';

/**
 * An agent's session in the browser. Staff tokens live under keys of their own, so an agent and a
 * shopper signed in on the same browser never share a token, and the shop's API client (which
 * sends the shopper's token) never carries a staff one.
 */
export const StaffKeys = {
  token: 'staff_token',
  refreshToken: 'staff_refresh_token',
  /** set when the agent's session ended under the console; the sign-in page says so once */
  signedOut: 'staff_signed_out',
} as const;

export const AGENT_LOGIN_PATH = '/agent/login';
export const AGENT_CONSOLE_PATH = '/agent';

export const staffToken = () => local.get(StaffKeys.token);

/** The stored staff token; null during server rendering (tokens live in the browser). */
export function useStaffToken(): string | null {
  return useSyncExternalStore(subscribeStorage, staffToken, () => null);
}

export function storeStaffTokens(pair: TTokenPair) {
  local.set(StaffKeys.token, pair.token);
  local.set(StaffKeys.refreshToken, pair.refresh_token);
}

export function clearStaffTokens() {
  local.remove(StaffKeys.token);
  local.remove(StaffKeys.refreshToken);
}

/**
 * The agent's sign-in session ended while the console was open (signed out in another tab, a new
 * password, a revoked session): the dead tokens go, and the sign-in page, where the console sends
 * an agent without a token, says they were signed out.
 */
export function staffSessionEnded() {
  local.set(StaffKeys.signedOut, '1');
  clearStaffTokens();
}

/** Whether the last session ended under the console; true once. */
export function takeStaffSignedOut(): boolean {
  const signedOut = local.get(StaffKeys.signedOut) === '1';
  if (signedOut) local.remove(StaffKeys.signedOut);
  return signedOut;
}

let refreshing: Promise<boolean> | null = null;

/**
 * Spends the stored staff refresh token for a new pair (decision 0002: rotation); callers at the
 * same moment share one request. False when the session cannot be continued.
 */
export function refreshStaffToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const stored = local.get(StaffKeys.refreshToken);
    if (!stored) return false;
    try {
      const response = await fetch('/shop/login/refresh', { method: 'POST', headers: { [REFRESH_TOKEN_HEADER]: stored } });
      const envelope = (await response.json()) as Envelope<TTokenPair | null>;
      if (envelope.code !== CODE_OK || !envelope.result) {
        // a refusal (revoked, expired) ends the session; a network failure keeps it for the next try
        clearStaffTokens();
        return false;
      }
      storeStaffTokens(envelope.result);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Signs the agent out: ends the session on the server (best effort) and clears the staff tokens. */
export async function signOutStaff() {
  const token = staffToken();
  if (token) {
    try {
      await fetch('/admin/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    } catch {
      // signing out works offline too
    }
  }
  clearStaffTokens();
  window.location.assign(AGENT_LOGIN_PATH);
}

/**
 * A call to the staff API with the staff token: 10 s timeout, one refresh-and-retry on 409, and on
 * 401 the tokens are cleared and the agent is sent to the sign-in page. A failure is toasted unless
 * `silent`; the envelope is returned either way (a network failure throws).
 */
export async function staffRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  options: Pick<RequestOptions, 'query' | 'body' | 'silent'> = {},
  retried = false,
): Promise<Envelope<T>> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const token = staffToken();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch {
    const message = controller.signal.aborted ? Messages.timeout : navigator.onLine ? Messages.serverException : Messages.offline;
    if (!options.silent) notify.error(message);
    throw new Error(message);
  } finally {
    window.clearTimeout(timer);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    if (!options.silent) notify.error(Messages.serverException);
    throw new Error(Messages.serverException);
  }
  if ((response.status === 409 || envelope.code === 409) && !retried) {
    if (await refreshStaffToken()) return staffRequest<T>(method, path, options, true);
  }
  if (response.status === 401 || envelope.code === 401 || envelope.code === 409) {
    notify.error(Messages.loginInvalid);
    clearStaffTokens();
    return envelope;
  }
  if (envelope.code !== CODE_OK && !options.silent) notify.error(envelope.msg || Messages.serverException);
  return envelope;
}
