import type { TChatConfig, TChatMessage } from '@shop/contracts/chat-protocol';
import type { CSSProperties } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { cx, focusRing } from '../../../lib/cx';
import { PillButton } from '../pill-button';
import type { WidgetTexts } from '../texts';
import { plainText } from './plain-text';

function previewOf(message: TChatMessage, texts: WidgetTexts): string {
  if (message.type === 'text' || message.type === 'system') {
    const plain = plainText(message.content);
    return plain.length > 80 ? `${plain.slice(0, 80)}…` : plain;
  }
  return texts.previews[message.type] ?? '';
}

/** The invitation's background picture (spec 3 auto_invitation_bg): a path on this site or an https address. */
function invitationBackground(url: string): CSSProperties | undefined {
  if (!/^(\/(?!\/)|https:\/\/)[^\s"'()\\]+$/.test(url)) return undefined;
  return { backgroundImage: `linear-gradient(rgb(17 24 39 / 0.7), rgb(17 24 39 / 0.7)), url("${url}")` };
}

type NoteProps = { texts: WidgetTexts; onOpen: () => void; onDismiss: () => void };

/** The newest message from the agent while the dialog is closed: opens the chat, or is dismissed. */
export function NewMessageTip({ message, texts, onOpen, onDismiss }: NoteProps & { message: TChatMessage }) {
  return (
    <div className="relative w-64 rounded-xl border border-gray-200 bg-white p-3 pr-9 text-sm shadow-[0_8px_30px_rgb(0_0_0/0.16)]">
      <button type="button" onClick={onOpen} className={cx('block w-full rounded text-left', focusRing)}>
        <span className="block font-semibold text-gray-950">{texts.newMessage}</span>
        <span className="mt-0.5 line-clamp-2 block break-words text-gray-700">{previewOf(message, texts)}</span>
      </button>
      <PillButton
        onClick={onDismiss}
        aria-label={texts.dismiss}
        className="absolute top-1.5 right-1.5 rounded-full p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
      >
        <CloseIcon width={16} height={16} />
      </PillButton>
    </div>
  );
}

type InvitationProps = NoteProps & {
  config: Pick<TChatConfig, 'new_user_tip' | 'auto_invitation_bg'>;
  /** the agent who invited the shopper (none for an automatic invitation) */
  agentName: string | undefined;
};

/** spec 3: the invitation to chat (an agent's, or the automatic one), with Later and Consult now. */
export function Invitation({ config, agentName, texts, onOpen, onDismiss }: InvitationProps) {
  return (
    <section
      aria-label={texts.invitationTitle}
      className="w-72 overflow-hidden rounded-xl border border-gray-200 bg-white text-sm shadow-[0_8px_30px_rgb(0_0_0/0.16)]"
      data-chat-invitation=""
    >
      <div
        className="bg-gray-900 bg-cover bg-center px-4 py-3 text-white"
        style={invitationBackground(config.auto_invitation_bg)}
      >
        <h2 className="font-semibold">{texts.invitationTitle}</h2>
        {agentName ? <p className="mt-0.5 text-gray-200">{texts.invitedBy(agentName)}</p> : null}
      </div>
      {config.new_user_tip ? <p className="px-4 pt-3 break-words text-gray-700">{config.new_user_tip}</p> : null}
      <div className="flex justify-end gap-2 px-4 py-3">
        <PillButton onClick={onDismiss} className="min-h-10 rounded-full px-4 font-medium text-gray-800 hover:bg-gray-100">
          {texts.later}
        </PillButton>
        <PillButton
          onClick={onOpen}
          className="min-h-10 rounded-full bg-gray-900 px-4 font-semibold text-white hover:bg-gray-700"
        >
          {texts.consultNow}
        </PillButton>
      </div>
    </section>
  );
}
