import { CODE_OK, Messages } from '@shop/contracts';
import type { TTokenPair, TUserInfo } from '@shop/contracts/auth';
import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { api } from './api';
import { clearAllStorage, LocalKeys, local, readJson, SessionKeys, subscribeStorage } from './storage';

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

export function storeTokens(pair: TTokenPair) {
  local.set(LocalKeys.userToken, pair.token);
  local.set(LocalKeys.refreshToken, pair.refresh_token);
}

export const storedUser = () => readJson<TUserInfo>(LocalKeys.userInfo);

/** GET /shop/user/info, stored locally and for the tab; 'Failed to load user info' when it fails. */
export async function loadUserInfo(): Promise<TUserInfo | null> {
  try {
    const envelope = await api.get<TUserInfo>('/shop/user/info', { silent: true });
    if (envelope.code !== CODE_OK) {
      if (envelope.code !== 401 && envelope.code !== 409) toast.error(Messages.userInfoFailed);
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
  } catch {
    toast.error(Messages.userInfoFailed);
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
  window.location.assign('/login');
}
