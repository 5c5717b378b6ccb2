import { focusRing } from '../../lib/cx';
import type { SiteLinks } from './site-links';

const badgeClass = `inline-flex min-h-11 items-center gap-2 rounded-md bg-gray-950 px-3 py-1.5 text-left text-white hover:bg-gray-700 ${focusRing}`;

/** spec 2 "Footer": the app's download links (android, ios) from the site configuration, each opening its store in a new tab. */
export function AppStoreLinks({ apps }: { apps: SiteLinks['apps'] }) {
  if (!apps.ios_url && !apps.android_url) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {apps.ios_url ? (
        <li>
          <a href={apps.ios_url} target="_blank" rel="noopener noreferrer" className={badgeClass}>
            <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden="true" fill="currentColor">
              <path d="M16.4 12.6c0-2.4 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-2-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.2 2.5-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9-.1 0-2.9-1.1-2.9-4.2ZM13.9 5.2c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.2 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5Z" />
            </svg>
            <span className="leading-tight">
              <span className="block text-[10px]">Download on the</span>
              <span className="block text-sm font-semibold">App Store</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </span>
          </a>
        </li>
      ) : null}
      {apps.android_url ? (
        <li>
          <a href={apps.android_url} target="_blank" rel="noopener noreferrer" className={badgeClass}>
            <svg viewBox="0 0 24 24" width={22} height={22} aria-hidden="true">
              <path d="M4 2.8v18.4l9.3-9.2z" fill="#34a853" />
              <path d="m13.3 12 2.9-2.9L5.2 2.6c-.4-.2-.8-.2-1.2.2z" fill="#4285f4" />
              <path d="m13.3 12-9.3 9.2c.4.4.8.4 1.2.2l11-6.5z" fill="#ea4335" />
              <path d="m16.2 9.1-2.9 2.9 2.9 2.9 3.3-1.9c.9-.5.9-1.5 0-2z" fill="#fbbc04" />
            </svg>
            <span className="leading-tight">
              <span className="block text-[10px]">Get it on</span>
              <span className="block text-sm font-semibold">Google Play</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </span>
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** The QR code of the app (its image address from the site configuration), for a phone's camera. */
export function AppQrCode({ src, size = 112 }: { src: string; size?: number }) {
  return (
    <img
      src={src}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      alt="QR code: scan it with your phone to download our app"
      className="rounded-md bg-white p-1 ring-1 ring-gray-300"
    />
  );
}

/** The footer's "Get the app": the store links and, when configured, the QR code; nothing when none is configured. */
export function FooterAppLinks({ apps }: { apps: SiteLinks['apps'] }) {
  if (!apps.ios_url && !apps.android_url && !apps.qr_code) return null;
  return (
    <div>
      <h2 className="text-xs font-semibold uppercase tracking-[0.2em] text-gray-950">Get the app</h2>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <AppStoreLinks apps={apps} />
        {apps.qr_code ? <AppQrCode src={apps.qr_code} size={88} /> : null}
      </div>
    </div>
  );
}
