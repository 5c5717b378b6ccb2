import { useState } from 'react';
import { notify } from '../../../lib/toast';
import type { WidgetTexts } from '../texts';
import type { OutgoingMessage } from '../widget/chat-controller';

type SendingOptions = {
  texts: WidgetTexts;
  /** the conversation messages go to; null: 'Please select a conversation' */
  sessionId: number | null;
  disabled: boolean;
  text: string;
  setText: (update: string | ((current: string) => string)) => void;
  stopTyping: () => void;
  /** resolves true once the message is on its way, false when it was refused */
  onSend: (message: OutgoingMessage) => Promise<boolean>;
};

/**
 * spec 4 / 5: sending — nothing without a conversation (said once, as a toast), the text trimmed
 * and sent once at a time, and a refused text given back to the textarea.
 */
export function useSending({ texts, sessionId, disabled, text, setText, stopTyping, onSend }: SendingOptions) {
  const [sending, setSending] = useState(false);

  /** true (after saying so) when there is no conversation to send to */
  const needConversation = () => {
    if (sessionId !== null) return false;
    void notify.error(texts.selectConversation);
    return true;
  };

  /** Sends a message that is not the draft (an upload, a card). */
  const send = async (message: OutgoingMessage) => {
    if (needConversation()) return false;
    return onSend(message);
  };

  /** Sends the draft. */
  const submit = async () => {
    const content = text.trim();
    if (!content || sending || disabled) return;
    if (needConversation()) return;
    stopTyping();
    setSending(true);
    setText('');
    try {
      const sent = await onSend({ type: 'text', content });
      // a refused message comes back to the textarea, unless something new was typed meanwhile
      if (!sent) setText((current) => (current === '' ? content : current));
    } finally {
      setSending(false);
    }
  };

  return { sending, needConversation, send, submit };
}
