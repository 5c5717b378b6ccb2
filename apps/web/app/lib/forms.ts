import type { TTokenPair } from '@shop/contracts/auth';
import { useSyncExternalStore } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { storeTokens } from './api';
import { loadUserInfo } from './session';
import { notify } from './toast';

const noop = () => () => {};

/**
 * False during server rendering and the first client render, true once React runs in the browser.
 * The forms keep their submit buttons disabled until then: the tokens live in the browser, so a
 * form sent before hydration could not sign anyone in (and must never put a password in a URL).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/**
 * A react-hook-form resolver whose rules are imported the first time they are needed rather than
 * with the page: `load` answers the real resolver (zod and a contracts schema, in a chunk of their
 * own). A form asks its resolver when a field is left or the form is sent; `preload`, called when
 * the form first gets the focus, fetches the rules before that. A failed import is tried again at
 * the next check.
 */
export function lazyResolver<R extends (...args: never[]) => unknown>(load: () => Promise<R>): R & { preload: () => void } {
  let pending: Promise<R> | null = null;
  const rules = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
  const resolver = async (...args: Parameters<R>) => (await rules())(...args);
  return Object.assign(resolver as unknown as R, {
    preload: () => {
      rules().catch(() => undefined);
    },
  });
}

/**
 * Shows the server's per-field messages (`result.fields`, architecture "API conventions") under the
 * matching inputs. `aliases` maps a server field to the form field that shows it. Returns true when
 * at least one message found a field; the first such field gets the focus.
 */
export function showServerFieldErrors<T extends FieldValues>(
  result: unknown,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
  aliases: Partial<Record<string, Path<T>>> = {},
): boolean {
  const fields = (result as { fields?: unknown } | null | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return false;
  let shown = false;
  for (const [serverName, message] of Object.entries(fields as Record<string, unknown>)) {
    if (typeof message !== 'string' || !message) continue;
    const name = aliases[serverName] ?? fieldNames.find((candidate) => candidate === serverName);
    if (!name) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/** spec 4: after sign-in or registration the shopper lands on the account page, fully reloaded. */
export const ACCOUNT_AFTER_SIGN_IN = '/ShoppingListMain/MyAccount?refresh=1';

/**
 * Where sign-in leads: the account page (spec 4), or back to the page that sent the shopper to
 * sign in (`/login?redirect=/order` from the bag), when that is a page of this site. The target is
 * parsed as the browser will parse it — against the shop's origin, with tabs, newlines and
 * backslashes treated as browsers treat them — and only a same-origin path is followed, so
 * `/%09/evil.example` (which a browser reads as `//evil.example`) never leaves the shop.
 */
export function pageAfterSignIn(search: string, origin: string = window.location.origin): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target?.startsWith('/')) return ACCOUNT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return ACCOUNT_AFTER_SIGN_IN;
  }
  if (url.origin !== new URL(origin).origin) return ACCOUNT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * spec 4 "Register success" and "Login success": store the tokens, say so, load the user info, then
 * after the given delay open the account page with a full reload. Resolves when the page is leaving.
 */
export async function completeSignIn(tokens: TTokenPair, message: string, delayMs: number): Promise<void> {
  storeTokens(tokens);
  const shown = notify.success(message);
  await loadUserInfo();
  // the message is on screen before the delay starts, also when the toasts were still loading
  await shown;
  await new Promise<void>((resolve) => {
    window.setTimeout(() => {
      window.location.assign(pageAfterSignIn(window.location.search));
      resolve();
    }, delayMs);
  });
}
