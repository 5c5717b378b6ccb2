import { CHAT_RATING_COMMENT_MAX_LENGTH } from '@shop/contracts/chat-constants';
import { useId, useState } from 'react';
import { cx } from '../../../lib/cx';
import type { WidgetTexts } from '../texts';
import type { WidgetState } from './widget-state';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The one satisfaction question after an agent resolves the conversation (decision 0053): 1 to 5
 * stars and an optional comment, sent once; then thanks.
 */
export function CsatForm({
  csat,
  texts,
  onRate,
}: {
  csat: WidgetState['csat'];
  texts: WidgetTexts;
  onRate: (stars: number, comment: string) => void;
}) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();

  if (csat.thanked) {
    return (
      <p role="status" className="border-t border-gray-200 bg-white px-4 py-3 text-sm text-gray-800">
        {texts.csatThanks}
      </p>
    );
  }
  if (!csat.due) return null;
  const error = missing ? texts.csatChooseStars : csat.error;
  return (
    <form
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 border-t border-gray-200 bg-white px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (stars < 1) {
          setMissing(true);
          return;
        }
        onRate(stars, comment);
      }}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-gray-950">
        {texts.csatTitle}
      </h3>
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="text-sm text-gray-700">{texts.csatQuestion}</legend>
        <div className="mt-1 flex gap-1">
          {STARS.map((value) => (
            <label key={value} className="relative flex size-10 cursor-pointer items-center justify-center rounded-md">
              <input
                type="radio"
                name={`${id}-stars`}
                value={value}
                checked={stars === value}
                onChange={() => {
                  setStars(value);
                  setMissing(false);
                }}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                aria-label={texts.csatStars(value)}
              />
              <span
                aria-hidden="true"
                className={cx(
                  'text-2xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gray-900',
                  value <= stars ? 'text-amber-500' : 'text-gray-400',
                )}
              >
                ★
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${id}-comment`} className="text-sm text-gray-700">
        {texts.csatComment}
      </label>
      <textarea
        id={`${id}-comment`}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={CHAT_RATING_COMMENT_MAX_LENGTH}
        rows={2}
        aria-describedby={`${id}-hint`}
        className="rounded-md border border-gray-300 px-2 py-1.5 text-sm"
      />
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {texts.csatCommentHint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={csat.sending}
        className="min-h-10 self-start rounded-md bg-gray-900 px-4 text-sm font-semibold text-white disabled:opacity-60"
      >
        {texts.csatSend}
      </button>
    </form>
  );
}
