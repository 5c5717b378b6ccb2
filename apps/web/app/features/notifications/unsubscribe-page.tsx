import { SHOP_NAME } from '@shop/contracts';
import { NotificationMessages, NotificationPaths } from '@shop/contracts/notification-rules';
import type { TUnsubscribeResult } from '@shop/contracts/notifications';
import type { Envelope } from '@shop/contracts/response';
import { isOk } from '@shop/contracts/response';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NOTIFICATIONS_HREF } from './paths';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'refused'; message: string };

/**
 * /unsubscribe?token=… (decision 0027): the page a marketing e-mail's link opens, signed in or
 * not. Once the page runs in the browser it posts the token to the same address, as a mail
 * client's one-click would, and says what was switched off; a link scanner fetching the page
 * changes nothing.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });

  useEffect(() => {
    if (!token) {
      setState({ kind: 'refused', message: NotificationMessages.tokenInvalid });
      return;
    }
    let live = true;
    fetch(`${NotificationPaths.unsubscribe}?${new URLSearchParams({ token })}`, { method: 'POST' })
      .then((response) => response.json() as Promise<Envelope<TUnsubscribeResult | null>>)
      .then((envelope) => {
        if (!live) return;
        setState(
          isOk(envelope) && envelope.result
            ? { kind: 'done', message: envelope.result.message }
            : { kind: 'refused', message: envelope.msg || NotificationMessages.tokenInvalid },
        );
      })
      .catch(() => {
        if (live) setState({ kind: 'refused', message: 'We could not reach the shop. Please open the link again.' });
      });
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section aria-labelledby="unsubscribe-title" className="mx-auto max-w-xl space-y-4 px-4 py-12 md:py-20">
      <p className="text-sm uppercase tracking-widest text-gray-600">{SHOP_NAME} e-mail</p>
      <h1 id="unsubscribe-title" className="text-2xl font-semibold md:text-3xl">
        {state.kind === 'done' ? 'You are unsubscribed' : state.kind === 'refused' ? 'This link did not work' : 'Unsubscribing…'}
      </h1>
      <p role="status" aria-live="polite" className="text-gray-800">
        {state.kind === 'working' ? 'One moment while we update your preferences.' : state.message}
      </p>
      <p className="text-sm text-gray-700">
        Order and account updates still reach you. Choose everything else in{' '}
        <Link to={NOTIFICATIONS_HREF} className="underline underline-offset-4 hover:text-gray-900">
          My Account, Notifications
        </Link>
        .
      </p>
    </section>
  );
}
