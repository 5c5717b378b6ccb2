import { CODE_OK, type Envelope } from '@shop/contracts';
import type { TTokenPair } from '@shop/contracts/auth';
import { useState } from 'react';
import { completeSignIn } from '../../lib/forms';

export type SignInSubmit = {
  /** sends the form; a failure's message is shown by the api client (spec 8) */
  request: () => Promise<Envelope<TTokenPair>>;
  /** what the guest brings along before the page leaves (the bag, the browsing history) */
  carry?: (tokens: TTokenPair) => Promise<unknown>;
  /** the success message and how long it shows before the account page opens */
  message: string;
  delayMs: number;
  /** a refusal: the server's messages go under their fields */
  refused: (envelope: Envelope<unknown>) => void;
};

/**
 * Sending a form that ends signed in (sign in, register, a reset password): busy from the press
 * until the answer, and still busy after a success, since the page is then leaving.
 */
export function useSignInSubmit() {
  const [sending, setSending] = useState(false);
  const send = async ({ request, carry, message, delayMs, refused }: SignInSubmit) => {
    setSending(true);
    let leaving = false;
    try {
      const envelope = await request();
      if (envelope.code === CODE_OK && envelope.result) {
        leaving = true;
        await carry?.(envelope.result);
        await completeSignIn(envelope.result, message, delayMs);
      } else {
        refused(envelope);
      }
    } catch {
      // network failures are toasted by the api client; a cancelled duplicate is silent
    } finally {
      if (!leaving) setSending(false);
    }
  };
  return { sending, send };
}
