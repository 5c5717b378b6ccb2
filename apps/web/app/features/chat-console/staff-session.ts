import type { TTokenPair } from '@shop/contracts/auth';
import { useSyncExternalStore } from 'react';
import { createApiClient, type SessionStore } from '../../lib/api';
import { local, subscribeStorage } from '../../lib/storage';

/**
 * An agent's session in the browser. Staff tokens live under keys of their own, so an agent and a
 * shopper signed in on the same browser never share a token: the shopper's API client never carries
 * a staff token, nor `staffApi` a shopper's.
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
export function staffSessionEnded(why: StaffSignOut = 'ended') {
  local.set(StaffKeys.signedOut, why === 'forbidden' ? 'forbidden' : '1');
  clearStaffTokens();
}

/** Why the console let go of the agent: their session ended, or their role no longer answers chats. */
export type StaffSignOut = 'ended' | 'forbidden';

/** Why the last session ended under the console, once; null when it did not. */
export function takeStaffSignedOut(): StaffSignOut | null {
  const value = local.get(StaffKeys.signedOut);
  if (value !== null) local.remove(StaffKeys.signedOut);
  return value === 'forbidden' ? 'forbidden' : value === '1' ? 'ended' : null;
}

/**
 * The agent's session for the shop's API client: the staff token as a bearer token, and nothing of
 * the shopper's. When it ends (401, or no refresh possible) only the staff tokens go; the console's
 * route, seeing no token, opens the sign-in page.
 */
const staffSession: SessionStore = {
  headers: (): Record<string, string> => {
    const token = staffToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  },
  refreshToken: () => local.get(StaffKeys.refreshToken),
  store: storeStaffTokens,
  forget: clearStaffTokens,
  end: clearStaffTokens,
};

/**
 * The console's calls to the staff API: the shop's one client (timeout, cancelled duplicates, one
 * refresh-and-retry on 409, the spec's toasts) with the staff token store. `staffApi.refresh` also
 * renews the token for the chat's connection and uploads.
 */
export const staffApi = createApiClient(staffSession);

/** Signs the agent out: ends the session on the server (best effort) and clears the staff tokens. */
export async function signOutStaff(then: string = AGENT_LOGIN_PATH) {
  if (staffToken()) {
    try {
      await staffApi.post('/admin/logout', {}, { silent: true });
    } catch {
      // signing out works offline too
    }
  }
  clearStaffTokens();
  window.location.assign(then);
}
