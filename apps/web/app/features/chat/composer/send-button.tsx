import { PillButton } from '../pill-button';
import type { WidgetTexts } from '../texts';
import { SendIcon } from '../widget/chat-icons';

type SendButtonProps = {
  texts: WidgetTexts;
  /** on mobile only the icon shows (the word stays for screen readers) */
  mobile: boolean;
  sending: boolean;
  disabled: boolean;
  onSend: () => void;
};

/** The composer's Send button: "Sending…" and busy while a message is on its way. */
export function SendButton({ texts, mobile, sending, disabled, onSend }: SendButtonProps) {
  return (
    <PillButton
      onClick={onSend}
      disabled={disabled}
      aria-busy={sending || undefined}
      className="flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-gray-900 px-4 text-sm font-semibold text-white hover:bg-gray-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600"
      data-chat-send=""
    >
      <SendIcon width={18} height={18} />
      <span className={mobile ? 'sr-only' : undefined}>{sending ? texts.sending : texts.send}</span>
    </PillButton>
  );
}
