import { CODE_OK, VALIDATION_NOTICE_MS } from '@shop/contracts';
import {
  FEEDBACK_RATING_LABELS,
  FEEDBACK_RATING_MAX,
  FEEDBACK_RATINGS,
  FEEDBACK_TEXT_MAX,
  type FeedbackDraft,
  FeedbackMessages,
  FeedbackPaths,
  type FeedbackRating,
  isFeedbackComplete,
} from '@shop/contracts/feedback-rules';
import { Popover } from 'radix-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { CloseIcon } from '../../components/ui/icons';
import { api } from '../../lib/api';
import { cx, focusRing } from '../../lib/cx';
import { storedUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { blockedKeyNotice, pastedText, typedText } from './feedback-text';

const EMPTY: FeedbackDraft = {
  feedback: '',
  product_rating: 0,
  delivery_rating: 0,
  service_rating: 0,
  trust_recommend_rating: 0,
};

/** One 1–5 rating as a group of radio buttons drawn as stars (arrow keys move between them). */
function RatingField({ name, value, onChange }: { name: FeedbackRating; value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-gray-900">{FEEDBACK_RATING_LABELS[name]}</legend>
      <div className="mt-1 flex gap-1">
        {Array.from({ length: FEEDBACK_RATING_MAX }, (_, index) => {
          const stars = index + 1;
          return (
            <label key={stars} className="cursor-pointer">
              <input
                type="radio"
                name={`${id}-${name}`}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                className="peer sr-only"
              />
              <span className="sr-only">
                {stars} of {FEEDBACK_RATING_MAX}
              </span>
              <svg
                viewBox="0 0 24 24"
                width={28}
                height={28}
                aria-hidden="true"
                className={cx(
                  'rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-gray-900',
                  stars <= value ? 'fill-amber-400 stroke-amber-500' : 'fill-none stroke-gray-400',
                )}
                strokeWidth={1.5}
              >
                <path d="m12 3.2 2.7 5.6 6.1.8-4.5 4.2 1.1 6-5.4-2.9-5.4 2.9 1.1-6-4.5-4.2 6.1-.8z" strokeLinejoin="round" />
              </svg>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * spec 2, 4, 5, 7, 8: the feedback popover (740 px wide, 300 px on phones) with four 1–5 ratings and
 * a text that keeps only English letters and Chinese characters. Without a text and all four
 * ratings, 'Your feedback means a lot to us, thank you!' shows for 2 s and nothing is sent; a sent
 * feedback says 'Thank you for your feedback!', resets the form and closes the popover; a failure
 * is swallowed. The shopper is the server's to know (from the session).
 */
export default function FeedbackWidget() {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const textId = useId();

  // spec 9: a validation notice shows 2 s
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), VALIDATION_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const setText = (feedback: string) => setDraft((now) => ({ ...now, feedback }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isFeedbackComplete(draft)) {
      setNotice(FeedbackMessages.incomplete);
      return;
    }
    setSending(true);
    try {
      const envelope = await api.post<{ id: number }>(
        FeedbackPaths.send,
        { ...draft, user_id: storedUser()?.id ?? '', website: window.location.href.slice(0, 300) },
        { silent: true },
      );
      if (envelope.code === CODE_OK) {
        notify.info(FeedbackMessages.thanks);
        setDraft(EMPTY);
        setOpen(false);
      }
    } catch {
      // spec 8: a failure is swallowed silently
    } finally {
      setSending(false);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className={cx(
            'fixed top-1/2 right-0 z-30 -translate-y-1/2 rotate-180 rounded-r-md bg-white px-1.5 py-2.5 text-xs md:px-2 md:py-3 font-semibold tracking-wide text-gray-900 shadow-lg ring-1 ring-gray-300 [writing-mode:vertical-rl] hover:bg-gray-100 print:hidden',
            focusRing,
          )}
        >
          Feedback
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="left"
          align="center"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Feedback"
          className="z-50 max-h-[calc(100dvh-16px)] w-[300px] overflow-y-auto rounded-xl border border-gray-200 bg-white p-4 shadow-[0_12px_48px_rgb(0_0_0/0.24)] md:w-[740px] md:p-6"
        >
          <div className="mb-3 flex items-start justify-between gap-2">
            <h2 className="text-lg font-semibold text-gray-950">Tell us what you think</h2>
            <Popover.Close
              aria-label="Close"
              className={cx(
                '-mt-2 -mr-2 inline-flex size-11 items-center justify-center rounded-md hover:bg-gray-100',
                focusRing,
              )}
            >
              <CloseIcon width={20} height={20} />
            </Popover.Close>
          </div>
          <form noValidate onSubmit={(event) => void submit(event)} aria-label="Feedback" className="flex flex-col gap-4">
            <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
              <div className="grid grid-cols-1 gap-3">
                {FEEDBACK_RATINGS.map((name) => (
                  <RatingField
                    key={name}
                    name={name}
                    value={draft[name]}
                    onChange={(value) => setDraft((now) => ({ ...now, [name]: value }))}
                  />
                ))}
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={textId} className="text-sm font-medium text-gray-900">
                  Your feedback
                </label>
                <textarea
                  ref={textArea}
                  id={textId}
                  rows={6}
                  maxLength={FEEDBACK_TEXT_MAX}
                  value={draft.feedback}
                  onKeyDown={(event) => {
                    const blocked = blockedKeyNotice(event.key);
                    if (blocked && !event.ctrlKey && !event.metaKey) {
                      event.preventDefault();
                      setNotice(blocked);
                    }
                  }}
                  onChange={(event) => {
                    // an input method's letters become characters when the composition ends
                    const composing = (event.nativeEvent as InputEvent).isComposing;
                    setText(composing ? event.target.value : typedText(event.target.value));
                  }}
                  onCompositionEnd={(event) => setText(typedText(event.currentTarget.value))}
                  onPaste={(event) => {
                    event.preventDefault();
                    const target = event.currentTarget;
                    const result = pastedText(
                      target.value,
                      event.clipboardData.getData('text'),
                      target.selectionStart,
                      target.selectionEnd,
                    );
                    setText(result.text);
                    if (result.notice) setNotice(result.notice);
                    window.requestAnimationFrame(() => textArea.current?.setSelectionRange(result.caret, result.caret));
                  }}
                  className="min-h-36 w-full flex-1 resize-y rounded-md border border-gray-300 p-3 text-base text-gray-900 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900"
                />
                <p className="text-xs text-gray-600">English letters and Chinese characters only.</p>
              </div>
            </div>
            <p role="status" className="min-h-5 text-sm text-amber-800">
              {notice}
            </p>
            <Button type="submit" busy={sending} className="w-full md:ml-auto md:w-48">
              Submit
            </Button>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
