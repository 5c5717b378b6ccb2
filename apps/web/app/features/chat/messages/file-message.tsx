import { cx, focusRing } from '../../../lib/cx';
import { type FileIconKind, fileDisplay, fileIconKind, fileSuffix } from './file-kind';
import { formatFileSize } from './format-size';
import { safeUrl } from './safe-url';
import type { MessageTexts } from './texts';

const ICON_COLOURS: Record<FileIconKind, string> = {
  pdf: 'bg-red-700',
  document: 'bg-blue-700',
  spreadsheet: 'bg-emerald-700',
  presentation: 'bg-orange-700',
  archive: 'bg-amber-800',
  image: 'bg-violet-700',
  video: 'bg-pink-700',
  audio: 'bg-teal-700',
  text: 'bg-slate-600',
  code: 'bg-slate-800',
  file: 'bg-gray-600',
};

/** A file card's icon: a page in the colour of its kind, with the suffix on it. */
export function FileIcon({ suffix }: { suffix: string }) {
  const kind = fileIconKind(suffix);
  const label = suffix.slice(0, 4).toUpperCase();
  return (
    <span
      aria-hidden="true"
      data-file-icon={kind}
      className={cx('relative flex h-11 w-9 shrink-0 items-end justify-center rounded-md pb-1 text-white', ICON_COLOURS[kind])}
    >
      <svg
        viewBox="0 0 24 24"
        width={16}
        height={16}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        aria-hidden="true"
        className="absolute top-1.5"
      >
        {kind === 'archive' ? (
          <path d="M12 3v3m0 2v3m0 2v2m-2 0h4v4h-4z" strokeLinecap="round" />
        ) : kind === 'image' ? (
          <path d="M4 17l5-5 4 4 3-3 4 4M8 8h.01" strokeLinecap="round" strokeLinejoin="round" />
        ) : kind === 'video' ? (
          <path d="M9 7l8 5-8 5z" strokeLinejoin="round" />
        ) : kind === 'audio' ? (
          <path d="M9 17V6l9-2v11M9 17a2 2 0 1 1-4 0 2 2 0 0 1 4 0zm9-2a2 2 0 1 1-4 0 2 2 0 0 1 4 0z" strokeLinejoin="round" />
        ) : (
          <path d="M6 6h12M6 10h12M6 14h8" strokeLinecap="round" />
        )}
      </svg>
      <span className="text-[9px] leading-none font-bold tracking-tight">{label || 'FILE'}</span>
    </span>
  );
}

const DownloadIcon = () => (
  <svg viewBox="0 0 24 24" width={18} height={18} fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true">
    <path d="M12 4v11m0 0l-4.5-4.5M12 15l4.5-4.5M5 19h14" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const nameFromUrl = (url: string) => {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};

export type FileMessageProps = {
  /** the file's address (message.content) */
  url: string;
  /** message.extend: {name, size, suffix} */
  extend: Record<string, unknown>;
  texts: MessageTexts;
};

/**
 * spec 4 "File message": by suffix (case-insensitive) a video player (mp4, avi, mov, wmv, flv,
 * webm, mkv), an audio player (mp3, wav, ogg, aac, flac, m4a), else a card with an icon by
 * suffix, the file's name, its size and a download button.
 */
export function FileMessage({ url, extend, texts }: FileMessageProps) {
  const href = safeUrl(url, 'media');
  const name = (typeof extend.name === 'string' && extend.name.trim()) || (href ? nameFromUrl(href) : '') || texts.file;
  const suffix = fileSuffix(extend.suffix, name, href ?? '');
  const display = fileDisplay(suffix);

  if (href && display === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a visitor's own recording has no captions to offer
      <video
        controls
        preload="metadata"
        src={href}
        aria-label={name}
        className="block max-h-72 w-72 max-w-full rounded-lg bg-gray-950"
      >
        {texts.browser_not_support_video}
      </video>
    );
  }
  if (href && display === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a visitor's own recording has no captions to offer
      <audio controls preload="metadata" src={href} aria-label={name} className="block w-64 max-w-full">
        {texts.browser_not_support_audio}
      </audio>
    );
  }
  return (
    <div className="flex w-64 max-w-full items-center gap-3 rounded-lg border border-gray-200 bg-white p-3 text-gray-900">
      <FileIcon suffix={suffix} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <p className="text-xs text-gray-700 tabular-nums">{formatFileSize(extend.size)}</p>
      </div>
      {href ? (
        <a
          href={href}
          download={name}
          rel="noopener noreferrer"
          aria-label={texts.downloadFile(name)}
          title={texts.download}
          className={cx(
            'inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-gray-300 text-gray-900 hover:border-gray-900',
            focusRing,
          )}
        >
          <DownloadIcon />
        </a>
      ) : null}
    </div>
  );
}
