import { CODE_OK, Messages } from '@shop/contracts';
import type { TUserInfo } from '@shop/contracts/auth';
import { useSyncExternalStore } from 'react';
import { api, isCancelled } from './api';
import { SIGN_IN_PATH } from './paths';
import { clearAllStorage, LocalKeys, local, readJson, SessionKeys, subscribeStorage } from './storage';
import { notify } from './toast';

/** spec 4: logged in means a user token is stored. During server rendering nobody is logged in. */
export function useUserToken(): string | null {
  return useSyncExternalStore(
    subscribeStorage,
    () => local.get(LocalKeys.userToken),
    () => null,
  );
}

/** The stored user info (spec 3: stored after the user-info call). */
export function useStoredUser(): TUserInfo | null {
  const raw = useSyncExternalStore(
    subscribeStorage,
    () => local.get(LocalKeys.userInfo),
    () => null,
  );
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TUserInfo;
  } catch {
    return null;
  }
}

export const storedUser = () => readJson<TUserInfo>(LocalKeys.userInfo);

let loadingUser: Promise<TUserInfo | null> | null = null;

/**
 * GET /shop/user/info, stored locally and for the tab; 'Failed to load user info' when it fails.
 * Callers at the same moment share one request.
 */
export function loadUserInfo(): Promise<TUserInfo | null> {
  loadingUser ??= fetchUserInfo().finally(() => {
    loadingUser = null;
  });
  return loadingUser;
}

async function fetchUserInfo(): Promise<TUserInfo | null> {
  try {
    const envelope = await api.get<TUserInfo>('/shop/user/info', { silent: true });
    if (envelope.code !== CODE_OK) {
      // 401 and 409 are handled by the api client (sign-in again, or refresh and retry)
      if (envelope.code !== 401 && envelope.code !== 409) notify.error(Messages.userInfoFailed);
      return null;
    }
    const json = JSON.stringify(envelope.result);
    local.set(LocalKeys.userInfo, json);
    try {
      window.sessionStorage.setItem(SessionKeys.userInfo, json);
    } catch {
      // session storage disabled
    }
    return envelope.result;
  } catch (error) {
    if (!isCancelled(error)) notify.error(Messages.userInfoFailed);
    return null;
  }
}

/** Ends the session on the server (best effort), clears all storage (spec 4) and goes to /login. */
export async function signOut() {
  if (local.get(LocalKeys.userToken)) {
    try {
      await api.post('/shop/login/logout', {}, { silent: true });
    } catch {
      // signing out works offline too
    }
  }
  clearAllStorage();
  window.location.assign(SIGN_IN_PATH);
}
