import type { TContactOrder, TContactShopper } from '@shop/contracts/chat-contact';
import { RETURN_REASONS } from '@shop/contracts/return-rules';
import type { TRefundQuote, TReturnableLine } from '@shop/contracts/returns';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { productPath } from '../../lib/seo';
import { type ContactOutcome, contactActions, useContactPanel } from './contact-api';
import { type ContactPanelTexts, contactTexts } from './contact-texts';
import type { ConsoleLanguage } from './sign-in-texts';

type Props = {
  /** the open conversation, or null */
  sessionId: number | null;
  language: ConsoleLanguage;
};

type Notice = { kind: 'done' | 'error'; text: string } | null;

const linkClass = 'text-gray-900 underline underline-offset-2 hover:text-gray-600 break-words';
const smallButton = 'min-h-9 px-2.5 text-xs';

/** A page of the shop (a path) or an http(s) address may be a link; anything else is shown as text. */
const isSafeAddress = (url: string) => (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//i.test(url);

const whenOf = (at: number | string, language: ConsoleLanguage) => {
  const date = new Date(at);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(language === 'zh-cn' ? 'zh-CN' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

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
            <Part title={texts.trajectory}>
              {contact.panel.trajectory.length === 0 ? (
                <p className="text-sm text-gray-600">{texts.noTrajectory}</p>
              ) : (
                <ul className="flex flex-col gap-1">
                  {contact.panel.trajectory.map((entry) => (
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
                  ))}
                </ul>
              )}
            </Part>
          </>
        )}
      </div>
    </section>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-3">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase">{title}</h3>
      {children}
    </div>
  );
}

type Report = (outcome: Promise<ContactOutcome>) => Promise<boolean>;

function ShopperDetails({
  sessionId,
  shopper,
  texts,
  language,
  report,
}: {
  sessionId: number;
  shopper: TContactShopper;
  texts: ContactPanelTexts;
  language: ConsoleLanguage;
  report: Report;
}) {
  const returnable = new Map(shopper.returnable.map((order) => [order.id, order]));
  return (
    <div>
      <p className="text-sm font-medium break-words text-gray-900">{shopper.name}</p>
      <p className="text-sm break-words text-gray-700">{shopper.email}</p>

      <Part title={texts.orders(shopper.orders.total)}>
        {shopper.orders.data.length === 0 ? (
          <p className="text-sm text-gray-600">{texts.noOrders}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {shopper.orders.data.map((order) => (
              <OrderRow
                key={order.id}
                sessionId={sessionId}
                order={order}
                lines={returnable.get(order.id)?.lines.filter((line) => line.returnable > 0) ?? []}
                texts={texts}
                language={language}
                report={report}
              />
            ))}
          </ul>
        )}
      </Part>

      <Goodwill sessionId={sessionId} limit={shopper.goodwill_limit} texts={texts} report={report} />

      <Part title={texts.bag}>
        {shopper.bag.length === 0 ? (
          <p className="text-sm text-gray-600">{texts.emptyBag}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {shopper.bag.map((line) => (
              <li key={`${line.goods_id}-${line.sku_text}`} className="text-sm">
                <a href={productPath(line.url)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {line.name}
                </a>{' '}
                <span className="text-xs text-gray-600">
                  {line.sku_text} × {line.num}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Part>

      <Part title={texts.wishlist}>
        {shopper.wishlist.length === 0 ? (
          <p className="text-sm text-gray-600">{texts.emptyWishlist}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {shopper.wishlist.map((item) => (
              <li key={item.goods_id} className="text-sm">
                <a href={productPath(item.url)} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {item.name}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Part>

      <Part title={texts.pastConversations}>
        {shopper.conversations.length === 0 ? (
          <p className="text-sm text-gray-600">{texts.noConversations}</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {shopper.conversations.map((conversation) => (
              <li key={conversation.id} className="text-sm">
                <p className="text-xs text-gray-600">
                  <time dateTime={new Date(conversation.last_at).toISOString()}>{whenOf(conversation.last_at, language)}</time> ·{' '}
                  {texts.withAgent(conversation.agent)} · {texts.messagesCount(conversation.messages)}
                </p>
                <p className="truncate text-gray-800">{conversation.preview}</p>
              </li>
            ))}
          </ul>
        )}
      </Part>
    </div>
  );
}

function OrderRow({
  sessionId,
  order,
  lines,
  texts,
  language,
  report,
}: {
  sessionId: number;
  order: TContactOrder;
  lines: TReturnableLine[];
  texts: ContactPanelTexts;
  language: ConsoleLanguage;
  report: Report;
}) {
  const [busy, setBusy] = useState<'card' | 'tracking' | null>(null);
  const [returning, setReturning] = useState<TReturnableLine | null>(null);
  const act = async (what: 'card' | 'tracking') => {
    setBusy(what);
    const input = { session_id: sessionId, order_id: order.id };
    await report(what === 'card' ? contactActions.sendOrderCard(input) : contactActions.sendTracking(input));
    setBusy(null);
  };
  return (
    <li className="rounded-md border border-gray-200 bg-white p-2" data-testid="contact-order">
      <p className="text-sm font-medium break-words text-gray-900">
        {order.order_no} <span className="font-normal text-gray-600">· {order.status_text}</span>
      </p>
      <p className="text-xs text-gray-600">
        ${order.pay_price.toFixed(2)} ·{' '}
        <time dateTime={new Date(order.created_at).toISOString()}>{whenOf(order.created_at, language)}</time>
      </p>
      <p className="text-xs">
        {order.carrier && order.tracking_no ? (
          order.tracking_url ? (
            <a href={order.tracking_url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {texts.trackingOf(order.carrier, order.tracking_no)}
            </a>
          ) : (
            <span className="break-words">{texts.trackingOf(order.carrier, order.tracking_no)}</span>
          )
        ) : (
          <span className="text-gray-500">{texts.noTracking}</span>
        )}
      </p>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        <Button variant="secondary" className={smallButton} busy={busy === 'card'} onClick={() => void act('card')}>
          {texts.sendCard}
        </Button>
        {order.tracking_no ? (
          <Button variant="secondary" className={smallButton} busy={busy === 'tracking'} onClick={() => void act('tracking')}>
            {texts.sendTracking}
          </Button>
        ) : null}
      </div>
      {lines.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-1.5">
          {lines.map((line) => (
            <li key={line.order_item_id} className="text-xs text-gray-800">
              <span className="break-words">
                {line.goods_name} <span className="text-gray-600">{line.sku_text}</span>
              </span>{' '}
              {returning?.order_item_id === line.order_item_id ? null : (
                <Button
                  variant="ghost"
                  className={smallButton}
                  aria-label={`${texts.startReturnFor}: ${line.goods_name}`}
                  onClick={() => setReturning(line)}
                >
                  {texts.startReturnFor}
                </Button>
              )}
              {returning?.order_item_id === line.order_item_id ? (
                <ReturnForm
                  sessionId={sessionId}
                  orderId={order.id}
                  line={line}
                  texts={texts}
                  report={report}
                  onClose={() => setReturning(null)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function ReturnForm({
  sessionId,
  orderId,
  line,
  texts,
  report,
  onClose,
}: {
  sessionId: number;
  orderId: number;
  line: TReturnableLine;
  texts: ContactPanelTexts;
  report: Report;
  onClose: () => void;
}) {
  const [num, setNum] = useState(1);
  const [reason, setReason] = useState<(typeof RETURN_REASONS)[number]>(RETURN_REASONS[0]);
  const [quote, setQuote] = useState<
    { status: 'loading' } | { status: 'ready'; quote: TRefundQuote } | { status: 'failed'; msg: string }
  >({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  // the refund the shop's own quote gives, asked again for each quantity
  useEffect(() => {
    let live = true;
    setQuote({ status: 'loading' });
    void contactActions
      .returnQuote({ session_id: sessionId, order_id: orderId, order_item_id: line.order_item_id, num })
      .then((answer) => {
        if (live) setQuote(answer.ok ? { status: 'ready', quote: answer.result } : { status: 'failed', msg: answer.msg });
      });
    return () => {
      live = false;
    };
  }, [sessionId, orderId, line.order_item_id, num]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await report(
      contactActions.startReturn({ session_id: sessionId, order_id: orderId, order_item_id: line.order_item_id, num, reason }),
    );
    setBusy(false);
    if (done) onClose();
  };

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
      className="mt-1.5 flex flex-col gap-2 rounded-md bg-gray-50 p-2"
    >
      <p id={headingId} className="text-sm font-semibold text-gray-900">
        {texts.returnFor(line.goods_name)}
      </p>
      <SelectField label={texts.quantity} value={num} onChange={(event) => setNum(Number(event.target.value))}>
        {Array.from({ length: line.returnable }, (_, index) => index + 1).map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={texts.reason}
        value={reason}
        onChange={(event) => setReason(event.target.value as (typeof RETURN_REASONS)[number])}
      >
        {RETURN_REASONS.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      <div aria-live="polite" className="text-sm">
        {quote.status === 'loading' ? (
          <p className="text-gray-600">{texts.checking}</p>
        ) : quote.status === 'failed' ? (
          <p className="text-red-800">{quote.msg}</p>
        ) : (
          <>
            <p className="text-gray-900">
              {texts.refundPreview}: <strong data-testid="contact-refund">${quote.quote.amount.toFixed(2)}</strong>
            </p>
            {quote.quote.notes.map((note) => (
              <p key={note} className="text-xs text-gray-600">
                {note}
              </p>
            ))}
          </>
        )}
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Button type="submit" className={smallButton} busy={busy} disabled={quote.status !== 'ready'}>
          {texts.confirmReturn}
        </Button>
        <Button variant="ghost" className={smallButton} onClick={onClose}>
          {texts.cancel}
        </Button>
      </div>
    </form>
  );
}

function Goodwill({
  sessionId,
  limit,
  texts,
  report,
}: {
  sessionId: number;
  limit: number;
  texts: ContactPanelTexts;
  report: Report;
}) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  if (limit <= 0) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await report(contactActions.grantGoodwill({ session_id: sessionId, amount: Number(amount), reason }));
    setBusy(false);
    if (done) {
      setAmount('');
      setReason('');
    }
  };

  return (
    <form aria-labelledby={headingId} onSubmit={(event) => void submit(event)} className="mt-3 flex flex-col gap-2">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-gray-600 uppercase">
        {texts.goodwill}
      </h3>
      <Field
        label={texts.amount}
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        hint={texts.upTo(limit.toFixed(2))}
        required
      />
      <Field
        label={texts.goodwillReason}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
        required
      />
      <Button type="submit" variant="secondary" className={smallButton} busy={busy}>
        {texts.grant}
      </Button>
    </form>
  );
}
