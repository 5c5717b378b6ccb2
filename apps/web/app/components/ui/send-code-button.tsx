import { CODE_OK, EMAIL_CODE_COUNTDOWN_S, type Envelope } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { Button } from './button';

/**
 * The seconds before a new code may be asked for, from the server's answer: the spec's 60 s after
 * a code was sent, or what the server says is left (a 429 with `result.resend_in`); null when no
 * code went out for another reason (the api client has shown why).
 */
export function countdownAfter(envelope: Envelope<unknown>): number | null {
  const resendIn = (envelope.result as { resend_in?: unknown } | null)?.resend_in;
  if (typeof resendIn === 'number' && resendIn > 0) return Math.ceil(resendIn);
  return envelope.code === CODE_OK ? EMAIL_CODE_COUNTDOWN_S : null;
}

/**
 * spec 4 "E-mail verify": the send-code button, disabled while its countdown runs (60 s after a
 * code was sent). `onSend` sends the code and answers the countdown to start (`countdownAfter`).
 */
export function SendCodeButton({
  onSend,
  label = 'Send code',
  className,
}: {
  onSend: () => Promise<number | null>;
  label?: string;
  className?: string;
}) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const send = async () => {
    setSending(true);
    try {
      const seconds = await onSend();
      if (seconds) setLeft(seconds);
    } catch {
      // the api client has told the shopper what went wrong
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      type="button"
      variant="secondary"
      busy={sending}
      disabled={left > 0}
      onClick={() => void send()}
      className={className}
    >
      {left > 0 ? (
        <>
          Resend in {left} s<span className="sr-only"> (a code was sent)</span>
        </>
      ) : (
        label
      )}
    </Button>
  );
}
