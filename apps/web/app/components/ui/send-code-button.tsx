import { CODE_OK, EMAIL_CODE_COUNTDOWN_S, EMAIL_CODE_MAX_LENGTH, type Envelope } from '@shop/contracts';
import { useEffect, useState } from 'react';
import { Button } from './button';
import { Field } from './field';

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
  initialSeconds = 0,
}: {
  onSend: () => Promise<number | null>;
  label?: string;
  className?: string;
  /** a countdown already running (a code was sent just before the button appeared) */
  initialSeconds?: number;
}) {
  const [left, setLeft] = useState(initialSeconds);
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

/**
 * The e-mailed code's field with its send-code button beside it, as every code form has them:
 * digits, at most the spec's 6 characters (spec 9), filled from the message where the phone offers it.
 */
export function CodeField({
  value,
  onChange,
  onSend,
  label = 'Code',
  error,
  initialSeconds,
}: {
  value: string;
  onChange: (code: string) => void;
  onSend: () => Promise<number | null>;
  label?: string;
  error?: string;
  initialSeconds?: number;
}) {
  return (
    <div className="flex items-end gap-2">
      <Field
        label={label}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={EMAIL_CODE_MAX_LENGTH}
        className="min-w-0 flex-1"
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
      <SendCodeButton onSend={onSend} initialSeconds={initialSeconds} className="shrink-0" />
    </div>
  );
}
