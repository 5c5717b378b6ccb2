import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { cx, focusRing } from '../../lib/cx';
import { setFavourite, useFavourite } from '../../lib/favourites';
import { SIGN_IN_PATH } from '../../lib/paths';
import { useUserToken } from '../../lib/session';

export const WISHLIST_UNAVAILABLE = 'The wishlist is not available yet';

export type FavouriteHeartProps = {
  /**
   * The product: its heart shows the signed-in shopper's favourites (also on pages rendered for
   * everyone) and adds or removes it from their wishlist.
   */
  goodsId?: number;
  /** whether the product is on the shopper's wishlist as the page says (the listing's is_favorited) */
  favourited: boolean;
  /**
   * Adds (`next` true) or removes (`next` false) the product; resolves true when the wishlist
   * accepted the change. Defaults to the wishlist's goods_id pair when `goodsId` is given; without
   * either a signed-in shopper's heart is disabled.
   */
  onToggle?: (next: boolean) => Promise<boolean> | boolean;
  /** id of the element naming the product, so the button says which product it is for */
  describedBy?: string;
  className?: string;
};

type SettleOptions = {
  signedIn: boolean;
  onToggle?: FavouriteHeartProps['onToggle'];
  goToSignIn: () => void;
};

/**
 * spec 4 "Favourite toggle": what the heart shows after a tap. A guest is sent to sign in; a
 * shopper's heart takes the new state only when the wishlist accepted it, and keeps `on` when it
 * refused or failed. Without a wishlist to ask, nothing changes.
 */
export async function settleFavourite(on: boolean, { signedIn, onToggle, goToSignIn }: SettleOptions): Promise<boolean> {
  if (!signedIn) {
    goToSignIn();
    return on;
  }
  if (!onToggle) return on;
  const next = !on;
  try {
    return (await onToggle(next)) === true ? next : on;
  } catch {
    // the API client has already shown its message
    return on;
  }
}

/**
 * spec 4 "Favourite toggle": a guest is sent to sign in; for a shopper the heart flips only when the
 * add (0 → 1) or the remove (1 → 0) succeeded, and stays as it was on failure.
 */
export function FavouriteHeart({ goodsId, favourited, onToggle: givenToggle, describedBy, className }: FavouriteHeartProps) {
  const token = useUserToken();
  const navigate = useNavigate();
  const known = useFavourite(goodsId, favourited);
  const onToggle = givenToggle ?? (goodsId === undefined ? undefined : (next: boolean) => setFavourite(goodsId, next));
  const [shown, setShown] = useState({ from: known, on: known });
  const [busy, setBusy] = useState(false);
  if (shown.from !== known) setShown({ from: known, on: known });
  const on = shown.on;
  const unavailable = Boolean(token) && !onToggle;
  const noteId = useId();

  const toggle = async () => {
    if (busy) return;
    setBusy(Boolean(token && onToggle));
    try {
      const next = await settleFavourite(on, { signedIn: Boolean(token), onToggle, goToSignIn: () => navigate(SIGN_IN_PATH) });
      setShown((current) => ({ ...current, on: next }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-describedby={[describedBy, unavailable ? noteId : null].filter(Boolean).join(' ') || undefined}
      aria-disabled={unavailable || busy || undefined}
      aria-busy={busy || undefined}
      title={unavailable ? WISHLIST_UNAVAILABLE : undefined}
      onClick={() => void toggle()}
      className={cx(
        `inline-flex size-11 items-center justify-center rounded-full bg-white/90 shadow-sm transition-colors hover:bg-white hover:text-sale ${focusRing} aria-disabled:cursor-not-allowed aria-disabled:text-gray-400 aria-disabled:hover:text-gray-400`,
        on ? 'text-sale' : 'text-gray-900',
        className,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        width={20}
        height={20}
        aria-hidden="true"
        focusable="false"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.6}
        strokeLinejoin="round"
      >
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z" />
      </svg>
      {unavailable ? (
        <span id={noteId} hidden>
          {WISHLIST_UNAVAILABLE}
        </span>
      ) : null}
    </button>
  );
}
