import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { cx, focusRing } from '../../../lib/cx';
import { resolveUrl, safeUrl } from './safe-url';
import type { MessageTexts } from './texts';

/**
 * spec 4 "Image message": after a failed load, a HEAD request to the image's address goes out in
 * the background (the server learns of the broken file); its answer is not looked at.
 */
export function reportBrokenImage(url: string, fetcher: typeof fetch | undefined = globalThis.fetch): void {
  if (!fetcher || typeof window === 'undefined') return;
  const address = resolveUrl(url, window.location.href);
  if (!/^https?:/i.test(address)) return;
  fetcher(address, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' }).catch(() => undefined);
}

export type ChatImageProps = {
  /** the image's address as the message holds it (checked here) */
  src: unknown;
  /** what the image shows, for screen readers (the file name, or 'Image') */
  alt: string;
  texts: MessageTexts;
};

/**
 * An image message: a thumbnail that opens the image full size (Escape or Close go back to the
 * thumbnail); when it cannot load, 'Image failed to load' in its place (spec 4, 8).
 */
export function ChatImage({ src, alt, texts }: ChatImageProps) {
  const url = safeUrl(src, 'media');
  const [failed, setFailed] = useState(false);

  if (!url || failed) {
    return (
      <div
        role="img"
        aria-label={texts.imageFailed}
        className="flex h-24 w-40 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-gray-300 bg-gray-50 px-2 text-center text-xs text-gray-700"
      >
        <svg viewBox="0 0 24 24" width={22} height={22} fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden="true">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <path d="M3 16l5-5 4 4 3-3 6 6M4 4l16 16" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span aria-hidden="true">{texts.imageFailed}</span>
      </div>
    );
  }

  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label={`${texts.viewImage}: ${alt}`}
        className={cx('block max-w-full cursor-zoom-in overflow-hidden rounded-lg border border-gray-200 bg-gray-50', focusRing)}
      >
        <img
          src={url}
          alt={alt}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => {
            setFailed(true);
            reportBrokenImage(url);
          }}
          className="block h-auto max-h-60 w-auto max-w-full object-contain sm:max-w-60"
        />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[2147483600] bg-gray-950/90 animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-[2147483601] flex flex-col items-center justify-center p-4 outline-none animate-fade-in"
        >
          <Dialog.Title className="sr-only">{alt}</Dialog.Title>
          <Dialog.Close className="absolute top-3 right-3 inline-flex min-h-11 items-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-gray-950 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
            {texts.closeImage}
            <CloseIcon width={18} height={18} />
          </Dialog.Close>
          <img
            src={url}
            alt={alt}
            decoding="async"
            referrerPolicy="no-referrer"
            className="max-h-full max-w-full object-contain"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
