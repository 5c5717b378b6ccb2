import type { TChatConfig } from '@shop/contracts/chat-protocol';
import { Dialog } from 'radix-ui';
import { CloseIcon } from '../../../components/ui/icons';
import { cx, focusRing } from '../../../lib/cx';
import { CHAT_LANGUAGES, type ChatLanguage, isChatLanguage } from '../language';
import type { WidgetTexts } from '../texts';
import type { ChatController } from './chat-controller';
import { ChatBubbleIcon, MoveIcon } from './chat-icons';
import { dialogStatus } from './dialog-status';
import type { useDraggable } from './use-draggable';
import type { WidgetState } from './widget-state';

const iconButton = cx('flex size-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100', focusRing);

type DialogHeaderProps = {
  state: WidgetState;
  config: TChatConfig;
  language: ChatLanguage;
  texts: WidgetTexts;
  mobile: boolean;
  controller: ChatController;
  /** on desktop the header moves the dialog */
  drag: ReturnType<typeof useDraggable<HTMLDivElement>>;
};

/** The chat dialog's header: the agent (or the shop) and their status, the language, and the move and close buttons. */
export function DialogHeader({ state, config, language, texts, mobile, controller, drag }: DialogHeaderProps) {
  const title = state.agent?.nickname || config.app_name;
  return (
    <header
      className={cx(
        'flex items-center gap-3 border-b border-gray-200 px-4 py-2.5',
        mobile ? undefined : 'cursor-move select-none',
      )}
      {...(mobile
        ? {}
        : {
            onPointerDown: drag.handle.onPointerDown,
            onPointerMove: drag.handle.onPointerMove,
            onPointerUp: drag.handle.onPointerUp,
            onPointerCancel: drag.handle.onPointerCancel,
          })}
    >
      <Avatar url={state.agent?.avatar ?? ''} />
      <div className="min-w-0 flex-1">
        <Dialog.Title className="truncate text-base font-semibold text-gray-950">{title}</Dialog.Title>
        <p className="flex items-center gap-1.5 truncate text-xs text-gray-600" data-chat-agent-status="">
          {state.agent && state.sessionStatus !== 'queued' ? (
            <span
              aria-hidden="true"
              className={cx(
                'size-2 rounded-full',
                state.agent.status === 'online'
                  ? 'bg-emerald-500'
                  : state.agent.status === 'busy'
                    ? 'bg-amber-500'
                    : 'bg-gray-400',
              )}
            />
          ) : null}
          <span>{dialogStatus(state, config, texts)}</span>
        </p>
      </div>
      <label className="sr-only" htmlFor="chat-language">
        {texts.language}
      </label>
      <select
        id="chat-language"
        data-no-drag=""
        value={language}
        onChange={(event) => {
          if (isChatLanguage(event.target.value)) controller.setLanguage(event.target.value);
        }}
        className={cx('h-9 rounded-md border border-gray-300 bg-white px-2 text-sm', focusRing)}
      >
        {CHAT_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {texts.languageNames[code]}
          </option>
        ))}
      </select>
      {mobile ? null : (
        // the header around it takes the pointer; the arrow keys move the window from here
        <button
          type="button"
          aria-label={texts.moveChat}
          onKeyDown={drag.handle.onKeyDown}
          className={cx(iconButton, 'cursor-move touch-none')}
        >
          <MoveIcon />
        </button>
      )}
      <Dialog.Close asChild>
        <button type="button" data-no-drag="" aria-label={texts.closeChat} className={iconButton} data-chat-close="">
          <CloseIcon />
        </button>
      </Dialog.Close>
    </header>
  );
}

function Avatar({ url }: { url: string }) {
  const safe = /^(\/(?!\/)|https:\/\/)/.test(url) ? url : '';
  if (safe)
    return <img src={safe} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full bg-gray-100 object-cover" />;
  return (
    <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gray-900 text-white">
      <ChatBubbleIcon />
    </span>
  );
}
