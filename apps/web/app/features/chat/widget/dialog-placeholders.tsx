import { PillButton } from '../pill-button';
import type { WidgetTexts } from '../texts';
import { ChatBubbleIcon } from './chat-icons';

/** The sign-in session ended: the conversation is gone from the page; a reload chats as a visitor. */
export function SignedOut({ texts }: { texts: WidgetTexts }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center" data-chat-signed-out="">
      <h3 className="text-base font-semibold text-gray-950">{texts.signedOut}</h3>
      <p className="max-w-xs text-sm text-gray-600">{texts.signedOutHint}</p>
      <PillButton
        onClick={() => window.location.reload()}
        className="min-h-11 rounded-full bg-gray-900 px-5 text-sm font-semibold text-white hover:bg-gray-700"
      >
        {texts.reload}
      </PillButton>
    </div>
  );
}

/** spec 2: the 'select a session' placeholder, while there is no conversation to show. */
export function SelectSession({ texts, busy, onStart }: { texts: WidgetTexts; busy: boolean; onStart: () => void }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center" data-chat-placeholder="">
      <ChatBubbleIcon width={40} height={40} className="text-gray-400" />
      <h3 className="text-base font-semibold text-gray-950">{texts.selectSession}</h3>
      <p className="max-w-xs text-sm text-gray-600">{texts.selectSessionHint}</p>
      <PillButton
        onClick={onStart}
        disabled={busy}
        aria-busy={busy || undefined}
        className="min-h-11 rounded-full bg-gray-900 px-5 text-sm font-semibold text-white hover:bg-gray-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600"
      >
        {texts.startConversation}
      </PillButton>
    </div>
  );
}
