import type { TContactOrder } from '@shop/contracts/chat-contact';
import type { TReturnableLine } from '@shop/contracts/returns';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { contactActions } from './contact-api';
import { whenOf } from './contact-format';
import { linkClass, type Report, smallButton } from './contact-parts';
import { ContactReturnForm } from './contact-return-form';
import type { ContactPanelTexts } from './contact-texts';
import type { ConsoleLanguage } from './sign-in-texts';

/** One of the shopper's orders: its tracking, sending its card or tracking link, and starting a return of a line. */
export function ContactOrder({
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
                <ContactReturnForm
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
