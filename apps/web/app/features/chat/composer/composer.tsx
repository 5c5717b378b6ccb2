import type { TChatConfig, TChatIdentity } from '@shop/contracts/chat-protocol';
import { type ChangeEvent, type KeyboardEvent, type ReactNode, type Ref, useId, useImperativeHandle } from 'react';
import type { ChatLanguage } from '../language';
import { widgetTexts } from '../texts';
import { offeredPickers } from '../widget/chat-config';
import type { OutgoingMessage } from '../widget/chat-controller';
import { ComposerPanel, type Panel, usePanel } from './composer-panel';
import { ComposerToolbar } from './composer-toolbar';
import { SendButton } from './send-button';
import { UploadList } from './upload-list';
import { useDraft } from './use-draft';
import { useSending } from './use-sending';
import { useTyping } from './use-typing';
import { useUploads } from './use-uploads';

export { TEXTAREA_MAX_DESKTOP_PX, TEXTAREA_MAX_MOBILE_PX } from './use-draft';

export type ComposerConfig = Pick<
  TChatConfig,
  'tourist_file_switch' | 'goods_api' | 'orders_api' | 'send_goods_identity' | 'send_orders_identity'
>;

export type ComposerHandle = {
  focus: () => void;
  /** puts text in at the caret (a quick reply, an emoji) */
  insert: (text: string) => void;
  /** closes an open panel; false when none was open (Escape then closes the dialog) */
  closePanel: () => boolean;
  /** replaces the whole text, selecting a part of it (a variable left to fill) or putting the caret at the end */
  replace: (text: string, select?: { start: number; end: number }) => void;
};

/**
 * A helper on the textarea (the agents' `/` quick replies): attributes for it (combobox roles),
 * first look at each key, every change of the text, and what it shows above the textarea.
 */
export type ComposerAssist = {
  attributes: Record<string, string | boolean | undefined>;
  /** true when it handled the key */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  onText: (text: string) => void;
  popup: ReactNode;
};

export type ComposerProps = {
  ref?: Ref<ComposerHandle>;
  language: ChatLanguage;
  identity: TChatIdentity;
  /** a visitor without a shop account (spec 5: the guest file rule) */
  guest: boolean;
  /** a signed-in shopper: their orders can be listed */
  signedIn: boolean;
  /** the sender has shop orders of their own to pick (default: a tourist does; an agent never) */
  ownOrders?: boolean;
  mobile: boolean;
  /** the conversation messages go to; null: 'Please select a conversation' */
  sessionId: number | null;
  config: ComposerConfig;
  /** resolves true once the message is on its way, false when it was refused */
  onSend: (message: OutgoingMessage) => Promise<boolean>;
  onTyping: (state: 'input' | 'blur') => void;
  /** headers that identify the uploader */
  uploadHeaders: () => Record<string, string>;
  /** renews an expired access token before an upload is tried again */
  onAuthExpired?: () => Promise<unknown>;
  /** more buttons for the toolbar (the agents' quick replies) */
  tools?: ReactNode;
  /** a helper on the textarea (the agents' `/` quick replies) */
  assist?: ComposerAssist;
  disabled?: boolean;
};

/**
 * spec 4 / 5 "Chat input": the textarea (growing to 200 px, 100 px on mobile), Send (disabled while
 * sending or when blank; text trimmed; Ctrl+Enter or Alt+Enter on desktop), the typing state
 * (debounced 300 ms, and on blur and send), emoji, image and file uploads with progress and cancel,
 * and the goods and orders pickers under spec 6's identity rules. Shared by the shoppers' widget
 * and the agents' console (which adds its tools).
 */
export function Composer({
  ref,
  language,
  identity,
  guest,
  signedIn,
  ownOrders,
  mobile,
  sessionId,
  config,
  onSend,
  onTyping,
  uploadHeaders,
  onAuthExpired,
  tools,
  assist,
  disabled = false,
}: ComposerProps) {
  const texts = widgetTexts(language);
  const { panel, setPanel, togglePanel, toggleOrders } = usePanel(signedIn, texts.loginToViewOrders);
  const panelId = useId();
  const textareaId = useId();
  const draft = useDraft(mobile);
  const { typing, stopTyping } = useTyping(onTyping);
  const { sending, needConversation, send, submit } = useSending({ texts, sessionId, disabled, onSend, stopTyping, ...draft });
  const uploads = useUploads({
    texts,
    guest,
    touristFileSwitch: config.tourist_file_switch,
    needConversation,
    send,
    uploadHeaders,
    onAuthExpired,
  });

  useComposerHandle(ref, draft, panel, setPanel);

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    draft.setText(event.target.value);
    assist?.onText(event.target.value);
    if (sessionId !== null) typing();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (assist?.onKeyDown(event)) return;
    // spec 5: on desktop Ctrl+Enter or Alt+Enter sends; Enter alone starts a new line
    if (!mobile && event.key === 'Enter' && (event.ctrlKey || event.altKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  /** spec 4: the choice sends a message and closes the panel. */
  const sendCard = (message: OutgoingMessage) => {
    if (needConversation()) return;
    setPanel(null);
    void send(message);
    draft.textarea.current?.focus();
  };

  return (
    <div className="border-t border-gray-200 bg-white" data-chat-composer="">
      {panel ? (
        <ComposerPanel
          id={panelId}
          panel={panel}
          mobile={mobile}
          texts={texts}
          language={language}
          config={config}
          onClose={() => setPanel(null)}
          onEmoji={draft.insert}
          onCard={sendCard}
        />
      ) : null}
      <UploadList uploads={uploads.uploads} texts={texts} onCancel={uploads.dismiss} onRetry={uploads.retry} />
      <ComposerToolbar
        texts={texts}
        panel={panel}
        panelId={panelId}
        pickers={offeredPickers(identity, mobile, config, ownOrders)}
        disabled={disabled}
        onEmoji={() => togglePanel('emoji')}
        onGoods={() => togglePanel('goods')}
        onOrders={toggleOrders}
        onPick={uploads.pick}
        onFiles={uploads.onFiles}
        imageInput={uploads.imageInput}
        fileInput={uploads.fileInput}
        tools={tools}
      />
      {assist?.popup}
      <div className="flex items-end gap-2 px-3 pt-1 pb-3">
        <label htmlFor={textareaId} className="sr-only">
          {texts.messageLabel}
        </label>
        <textarea
          id={textareaId}
          ref={draft.textarea}
          value={draft.text}
          rows={1}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onBlur={stopTyping}
          disabled={disabled}
          placeholder={mobile ? texts.placeholder : texts.placeholderDesktop}
          enterKeyHint={mobile ? 'enter' : undefined}
          {...assist?.attributes}
          className="min-h-11 flex-1 resize-none rounded-xl border border-gray-300 px-3 py-2.5 text-base leading-6 text-gray-950 placeholder:text-gray-500 focus:border-gray-900 focus:outline-none md:text-sm"
          style={{ maxHeight: draft.maxHeight }}
          data-chat-textarea=""
        />
        <SendButton
          texts={texts}
          mobile={mobile}
          sending={sending}
          disabled={draft.text.trim() === '' || sending || disabled}
          onSend={() => void submit()}
        />
      </div>
    </div>
  );
}

/** What the composer's owner can do with it (its `ref`): focus it, put text in, close its panel. */
function useComposerHandle(
  ref: Ref<ComposerHandle> | undefined,
  draft: ReturnType<typeof useDraft>,
  panel: Panel | null,
  setPanel: (panel: Panel | null) => void,
) {
  useImperativeHandle(
    ref,
    () => ({
      focus: () => draft.textarea.current?.focus(),
      insert: draft.insert,
      closePanel: () => {
        if (panel === null) return false;
        setPanel(null);
        return true;
      },
      replace: draft.replace,
    }),
    [draft.insert, draft.replace, draft.textarea, panel, setPanel],
  );
}
