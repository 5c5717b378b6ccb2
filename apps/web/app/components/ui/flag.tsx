import { cx } from '../../lib/cx';

/**
 * The flag images of `country-flag-icons` (3:2 SVGs), bundled with the shop: each one is an asset
 * file of its own, never inlined, so this module carries only the list of their addresses and a
 * page downloads a flag when it is shown (the picker's list loads them lazily as it scrolls). The
 * path reaches the workspace's node_modules because the package's exports name no SVG file.
 */
const FLAG_URLS: Record<string, string> = import.meta.glob('../../../../../node_modules/country-flag-icons/3x2/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const BY_CODE = new Map(
  Object.entries(FLAG_URLS).map(([path, url]) => [/([A-Z]{2}(?:-[A-Z]{2,3})?)\.svg$/.exec(path)?.[1] ?? path, url]),
);

/** The address of a country's flag image, or undefined when the package has none for the code. */
export function flagUrl(iso2: string): string | undefined {
  return BY_CODE.get(iso2.trim().toUpperCase());
}

/**
 * A country's flag, decorative beside its name (spec 2 "Phone input"); without an image for the
 * code it shows the two letters in a box of the same size. `eager` for the one flag that shows at
 * once (the picker's button); the list's flags load as they scroll into view.
 */
export function Flag({ iso2, eager = false, className }: { iso2: string; eager?: boolean; className?: string }) {
  const url = flagUrl(iso2);
  const box = cx('inline-block h-4 w-6 shrink-0 rounded-[2px] ring-1 ring-gray-300', className);
  if (!url) {
    return (
      <span aria-hidden className={cx(box, 'bg-gray-100 text-center text-[9px] leading-4 font-semibold text-gray-700')}>
        {iso2.toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      aria-hidden
      width={24}
      height={16}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cx(box, 'object-cover')}
    />
  );
}
