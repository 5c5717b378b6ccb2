import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { type ContactOutcome, useContactPanel } from './contact-api';
import { isSafeAddress, whenOf } from './contact-format';
import { linkClass, PartList, smallButton } from './contact-parts';
import { ShopperDetails } from './contact-shopper';
import { contactTexts } from './contact-texts';
import type { ConsoleLanguage } from './sign-in-texts';

type Props = {
  /** the open conversation, or null */
  sessionId: number | null;
  language: ConsoleLanguage;
};

type Notice = { kind: 'done' | 'error'; text: string } | null;

/**
 * The contact panel beside the conversation (decision 0059): who the visitor is — for a signed-in
 * shopper the account, orders with their tracking, bag, wishlist, earlier conversations and the
 * pages visited; for a guest, that they are not signed in — and what the agent can do for them:
 * send an order card or the tracking link, start a return with the refund the shop's own quote
 * gives, grant a goodwill coupon within the role's limit. Every answer is the server's.
 */
export function ContactPanel({ sessionId, language }: Props) {
  const texts = contactTexts[language];
  const contact = useContactPanel(sessionId);
  const [open, setOpen] = useState(true);
  const [notice, setNotice] = useState<Notice>(null);
  const headingId = useId();
  const bodyId = useId();

  // a notice belongs to the conversation it was given in
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the conversation changes
  useEffect(() => setNotice(null), [sessionId]);

  const report = async (outcome: Promise<ContactOutcome>) => {
    const answer = await outcome;
    setNotice({ kind: answer.ok ? 'done' : 'error', text: answer.msg });
    if (answer.ok) await contact.reload();
    return answer.ok;
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex max-h-[45%] min-h-0 shrink-0 flex-col border-b border-gray-200"
      data-testid="contact-panel"
    >
      <div className="flex items-center justify-between gap-2 px-3 py-1.5">
        <h2 id={headingId} className="text-sm font-semibold text-gray-900">
          {texts.contact}
          {contact.panel?.shopper ? (
            <span className="ml-1.5 font-normal text-gray-600">· {contact.panel.shopper.name}</span>
          ) : null}
        </h2>
        <Button
          variant="ghost"
          className={smallButton}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? texts.hide : texts.show}
        </Button>
      </div>
      <div id={bodyId} hidden={!open} className="min-h-0 overflow-y-auto px-3 pb-3">
        <div role="status" aria-live="polite" className="empty:hidden">
          {notice?.kind === 'done' ? (
            <p className="mb-2 rounded-md bg-green-50 px-2.5 py-1.5 text-sm text-green-900">{notice.text}</p>
          ) : null}
        </div>
        <div role="alert" className="empty:hidden">
          {notice?.kind === 'error' ? (
            <p className="mb-2 rounded-md bg-red-50 px-2.5 py-1.5 text-sm text-red-800">{notice.text}</p>
          ) : null}
        </div>
        {sessionId === null ? (
          <p className="text-sm text-gray-600">{texts.noConversation}</p>
        ) : contact.status === 'failed' ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-gray-700">{texts.loadFailed}</p>
            <Button variant="secondary" className={smallButton} onClick={() => void contact.reload()}>
              {texts.retry}
            </Button>
          </div>
        ) : !contact.panel ? (
          <p role="status" className="text-sm text-gray-600">
            {texts.loading}
          </p>
        ) : (
          <>
            {contact.panel.shopper ? (
              <ShopperDetails
                key={contact.panel.session_id}
                sessionId={contact.panel.session_id}
                shopper={contact.panel.shopper}
                texts={texts}
                language={language}
                report={report}
              />
            ) : (
              <div className="rounded-md bg-gray-100 px-3 py-2">
                <p className="text-sm font-semibold text-gray-900">{texts.notSignedIn}</p>
                <p className="text-sm text-gray-700">{texts.notSignedInHint}</p>
              </div>
            )}
            <PartList title={texts.trajectory} items={contact.panel.trajectory} empty={texts.noTrajectory}>
              {(entry) => (
                <li key={entry.id} className="text-sm">
                  {isSafeAddress(entry.url) ? (
                    <a href={entry.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                      {entry.title || entry.url}
                    </a>
                  ) : (
                    <span className="break-words">{entry.title || entry.url}</span>
                  )}{' '}
                  <span className="text-xs text-gray-500">
                    <time dateTime={entry.created_at}>{whenOf(entry.created_at, language)}</time>
                  </span>
                </li>
              )}
            </PartList>
          </>
        )}
      </div>
    </section>
  );
}
