import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { cx, focusRing } from '../../../lib/cx';
import type { WidgetTexts } from '../texts';
import { EMOJI, emojiPage } from './emoji';

/** The emoji panel: every emoji on desktop; 24 a page with page buttons on mobile (spec 9). */
export function EmojiPanel({ mobile, texts, onPick }: { mobile: boolean; texts: WidgetTexts; onPick: (emoji: string) => void }) {
  const [page, setPage] = useState(0);
  const shown = mobile ? emojiPage(page) : { emoji: EMOJI, page: 0, pages: 1 };
  return (
    <div className="p-2">
      <ul className={cx('grid gap-1', mobile ? 'grid-cols-8' : 'grid-cols-12')} aria-label={texts.emojiPanel}>
        {shown.emoji.map((emoji) => (
          <li key={emoji}>
            <button
              type="button"
              onClick={() => onPick(emoji)}
              aria-label={emoji}
              className={cx('flex size-9 items-center justify-center rounded-md text-xl hover:bg-gray-100', focusRing)}
            >
              {emoji}
            </button>
          </li>
        ))}
      </ul>
      {shown.pages > 1 ? (
        <div className="mt-1 flex items-center justify-center gap-3 text-xs text-gray-600">
          <button
            type="button"
            onClick={() => setPage(shown.page - 1)}
            disabled={shown.page === 0}
            aria-label={texts.previousPage}
            className={cx('rounded-full p-1.5 hover:bg-gray-100 disabled:opacity-40', focusRing)}
          >
            <ChevronLeftIcon width={16} height={16} />
          </button>
          <span aria-live="polite">{texts.pageOf(shown.page + 1, shown.pages)}</span>
          <button
            type="button"
            onClick={() => setPage(shown.page + 1)}
            disabled={shown.page >= shown.pages - 1}
            aria-label={texts.nextPage}
            className={cx('rounded-full p-1.5 hover:bg-gray-100 disabled:opacity-40', focusRing)}
          >
            <ChevronRightIcon width={16} height={16} />
          </button>
        </div>
      ) : null}
    </div>
  );
}
