import { CHAT_TYPING_DEBOUNCE_MS } from '@shop/contracts';
import type { TChatConfig, TChatIdentity } from '@shop/contracts/chat-protocol';
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/cx';
import { notify } from '../../../lib/toast';
import type { ChatLanguage } from '../language';
import { type WidgetTexts, widgetTexts } from '../texts';
import { offeredPickers } from '../widget/chat-config';
import type { OutgoingMessage } from '../widget/chat-controller';
import { BagIcon, ImageIcon, PaperclipIcon, ReceiptIcon, SendIcon, SmileIcon } from '../widget/chat-icons';
import { insertAt } from './emoji';
import { EmojiPanel } from './emoji-panel';
import { GoodsPicker } from './goods-picker';
import { OrdersPicker } from './orders-picker';
import {
  DEFAULT_GOODS_API,
  DEFAULT_ORDERS_API,
  GOODS_PICKER_DESKTOP,
  GOODS_PICKER_MOBILE,
  goodsMessage,
  orderMessage,
} from './picker-data';
import {
  checkUpload,
  guestRefused,
  UploadCancelled,
  type UploadKind,
  UploadRefused,
  uploadChatFile,
  uploadMessage,
} from './upload';

/** spec 5 / 9: the textarea grows to 200 px on desktop, 100 px on mobile. */
export const TEXTAREA_MAX_DESKTOP_PX = 200;
export const TEXTAREA_MAX_MOBILE_PX = 100;

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

type Panel = 'emoji' | 'goods' | 'orders';

type UploadRow = {
  id: number;
  name: string;
  kind: UploadKind;
  file: File;
  progress: number;
  status: 'uploading' | 'failed';
  /** the file on this device, for the failure's local preview link (spec 8) */
  localUrl: string | null;
  abort: AbortController;
  error: string;
};

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';
const toolButton = cx(
  'flex size-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-gray-950 aria-expanded:bg-gray-100 aria-expanded:text-gray-950 disabled:opacity-40',
  focusRing,
);

let uploadIds = 0;

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
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typed = useRef(false);
  const panelId = useId();
  const textareaId = useId();
  const maxHeight = mobile ? TEXTAREA_MAX_MOBILE_PX : TEXTAREA_MAX_DESKTOP_PX;

  const insert = useCallback((piece: string) => {
    const element = textarea.current;
    setText((current) => {
      const start = element?.selectionStart ?? current.length;
      const end = element?.selectionEnd ?? current.length;
      const next = insertAt(current, piece, start, end);
      requestAnimationFrame(() => {
        element?.focus();
        element?.setSelectionRange(next.caret, next.caret);
      });
      return next.text;
    });
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      focus: () => textarea.current?.focus(),
      insert,
      closePanel: () => {
        if (panel === null) return false;
        setPanel(null);
        return true;
      },
      replace: (next, select) => {
        setText(next);
        requestAnimationFrame(() => {
          const element = textarea.current;
          element?.focus();
          element?.setSelectionRange(select?.start ?? next.length, select?.end ?? next.length);
        });
      },
    }),
    [insert, panel],
  );

  // spec 5: the textarea grows with its text up to its limit, then scrolls
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    const height = Math.min(element.scrollHeight, maxHeight);
    element.style.height = `${height}px`;
    element.style.overflowY = element.scrollHeight > maxHeight ? 'auto' : 'hidden';
  }, [text, maxHeight]);

  // the local copies of failed uploads are let go with the composer
  const rows = useRef(uploads);
  rows.current = uploads;
  useEffect(
    () => () => {
      for (const row of rows.current) {
        row.abort.abort();
        if (row.localUrl) URL.revokeObjectURL(row.localUrl);
      }
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  const stopTyping = () => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = null;
    if (typed.current) {
      typed.current = false;
      onTyping('blur');
    }
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    assist?.onText(event.target.value);
    if (sessionId === null) return;
    // spec 4: the typing state goes out once the typing has paused for 300 ms
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      typingTimer.current = null;
      typed.current = true;
      onTyping('input');
    }, CHAT_TYPING_DEBOUNCE_MS);
  };

  const needConversation = () => {
    if (sessionId !== null) return false;
    void notify.error(texts.selectConversation);
    return true;
  };

  const send = async (message: OutgoingMessage) => {
    if (needConversation()) return false;
    return onSend(message);
  };

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

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (assist?.onKeyDown(event)) return;
    // spec 5: on desktop Ctrl+Enter or Alt+Enter sends; Enter alone starts a new line
    if (!mobile && event.key === 'Enter' && (event.ctrlKey || event.altKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const togglePanel = (which: Panel) => setPanel((open) => (open === which ? null : which));

  // ── uploads ─────────────────────────────────────────────────────────────────────────────

  const pick = (kind: UploadKind) => {
    if (needConversation()) return;
    if (guestRefused(guest, config.tourist_file_switch)) {
      void notify.error(texts.guestUploadRefused);
      return;
    }
    (kind === 'image' ? imageInput : fileInput).current?.click();
  };

  const runUpload = async (row: UploadRow, retried = false): Promise<void> => {
    const update = (change: Partial<UploadRow>) =>
      setUploads((current) => current.map((item) => (item.id === row.id ? { ...item, ...change } : item)));
    try {
      const upload = await uploadChatFile(row.file, row.kind, {
        headers: uploadHeaders(),
        signal: row.abort.signal,
        onProgress: (progress) => update({ progress }),
      });
      setUploads((current) => current.filter((item) => item.id !== row.id));
      if (row.localUrl) URL.revokeObjectURL(row.localUrl);
      void notify.success(texts.uploadSucceeded);
      await send(uploadMessage(upload));
    } catch (error) {
      if (error instanceof UploadCancelled) {
        setUploads((current) => current.filter((item) => item.id !== row.id));
        if (row.localUrl) URL.revokeObjectURL(row.localUrl);
        return;
      }
      if (error instanceof UploadRefused && error.status === 409 && onAuthExpired && !retried) {
        await onAuthExpired();
        return runUpload(row, true);
      }
      // spec 8: the failure's text, the server's reason when it gave one (size, guest rule), and the local copy
      const reason = error instanceof UploadRefused && error.status < 500 && error.message ? error.message : '';
      void notify.error(texts.uploadFailed);
      update({
        status: 'failed',
        error: reason && reason !== texts.uploadFailed ? `${texts.uploadFailed} (${reason})` : texts.uploadFailed,
        localUrl: row.localUrl ?? URL.createObjectURL(row.file),
      });
    }
  };

  const onFiles = (kind: UploadKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = checkUpload(file, kind);
    if (refusal) {
      void notify.error(texts[refusal]);
      return;
    }
    const row: UploadRow = {
      id: ++uploadIds,
      name: file.name,
      kind,
      file,
      progress: 0,
      status: 'uploading',
      localUrl: null,
      abort: new AbortController(),
      error: '',
    };
    setUploads((current) => [...current, row]);
    void runUpload(row);
  };

  const retryUpload = (row: UploadRow) => {
    const again: UploadRow = { ...row, status: 'uploading', progress: 0, abort: new AbortController(), error: '' };
    setUploads((current) => current.map((item) => (item.id === row.id ? again : item)));
    void runUpload(again);
  };

  const dismissUpload = (row: UploadRow) => {
    row.abort.abort();
    if (row.localUrl) URL.revokeObjectURL(row.localUrl);
    setUploads((current) => current.filter((item) => item.id !== row.id));
  };

  // ── goods and orders ────────────────────────────────────────────────────────────────────

  const pickers = offeredPickers(identity, mobile, config, ownOrders);

  const openOrders = () => {
    if (!signedIn) {
      void notify.error(texts.loginToViewOrders);
      return;
    }
    togglePanel('orders');
  };

  /** spec 4: the choice sends a message and closes the panel. */
  const sendCard = (message: OutgoingMessage) => {
    if (needConversation()) return;
    setPanel(null);
    void send(message);
    textarea.current?.focus();
  };

  const blank = text.trim() === '';
  const panelTitle = panel === 'emoji' ? texts.emojiPanel : panel === 'goods' ? texts.goods : texts.orders;

  return (
    <div className="border-t border-gray-200 bg-white" data-chat-composer="">
      {panel ? (
        <section
          id={panelId}
          aria-label={panelTitle}
          className={cx('overflow-y-auto border-b border-gray-200', mobile ? 'max-h-[50vh]' : 'max-h-72')}
          data-chat-panel={panel}
        >
          <div className="sticky top-0 z-10 flex items-center justify-between bg-white px-3 py-1.5">
            <h3 className="text-sm font-semibold text-gray-950">{panelTitle}</h3>
            <button
              type="button"
              onClick={() => setPanel(null)}
              aria-label={texts.closePanel}
              className={cx('rounded-full p-1.5 text-gray-600 hover:bg-gray-100', focusRing)}
            >
              <CloseIcon width={16} height={16} />
            </button>
          </div>
          {panel === 'emoji' ? <EmojiPanel mobile={mobile} texts={texts} onPick={insert} /> : null}
          {panel === 'goods' ? (
            <GoodsPicker
              path={config.goods_api || DEFAULT_GOODS_API}
              count={mobile ? GOODS_PICKER_MOBILE : GOODS_PICKER_DESKTOP}
              texts={texts}
              onPick={(goods) => sendCard(goodsMessage(goods))}
            />
          ) : null}
          {panel === 'orders' ? (
            <OrdersPicker
              path={config.orders_api || DEFAULT_ORDERS_API}
              texts={texts}
              language={language}
              onPick={(order) => sendCard(orderMessage(order))}
            />
          ) : null}
        </section>
      ) : null}

      {uploads.length > 0 ? (
        <ul className="space-y-2 border-b border-gray-200 px-3 py-2 text-sm" aria-label={texts.file}>
          {uploads.map((row) => (
            <UploadItem key={row.id} row={row} texts={texts} onCancel={dismissUpload} onRetry={retryUpload} />
          ))}
        </ul>
      ) : null}

      <div className="flex items-center gap-0.5 px-2 pt-1.5" role="toolbar" aria-label={texts.tools}>
        <button
          type="button"
          className={toolButton}
          aria-label={texts.emoji}
          aria-expanded={panel === 'emoji'}
          aria-controls={panel === 'emoji' ? panelId : undefined}
          onClick={() => togglePanel('emoji')}
          disabled={disabled}
        >
          <SmileIcon />
        </button>
        <button type="button" className={toolButton} aria-label={texts.image} onClick={() => pick('image')} disabled={disabled}>
          <ImageIcon />
        </button>
        <button type="button" className={toolButton} aria-label={texts.file} onClick={() => pick('file')} disabled={disabled}>
          <PaperclipIcon />
        </button>
        {pickers.goods ? (
          <button
            type="button"
            className={toolButton}
            aria-label={texts.goods}
            aria-expanded={panel === 'goods'}
            aria-controls={panel === 'goods' ? panelId : undefined}
            onClick={() => togglePanel('goods')}
            disabled={disabled}
          >
            <BagIcon />
          </button>
        ) : null}
        {pickers.orders ? (
          <button
            type="button"
            className={toolButton}
            aria-label={texts.orders}
            aria-expanded={panel === 'orders'}
            aria-controls={panel === 'orders' ? panelId : undefined}
            onClick={openOrders}
            disabled={disabled}
          >
            <ReceiptIcon />
          </button>
        ) : null}
        {tools}
        <input
          ref={imageInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFiles('image')}
          data-chat-image-input=""
        />
        <input
          ref={fileInput}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFiles('file')}
          data-chat-file-input=""
        />
      </div>

      {assist?.popup}
      <div className="flex items-end gap-2 px-3 pt-1 pb-3">
        <label htmlFor={textareaId} className="sr-only">
          {texts.messageLabel}
        </label>
        <textarea
          id={textareaId}
          ref={textarea}
          value={text}
          rows={1}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onBlur={stopTyping}
          disabled={disabled}
          placeholder={mobile ? texts.placeholder : texts.placeholderDesktop}
          enterKeyHint={mobile ? 'enter' : undefined}
          {...assist?.attributes}
          className="min-h-11 flex-1 resize-none rounded-xl border border-gray-300 px-3 py-2.5 text-base leading-6 text-gray-950 placeholder:text-gray-500 focus:border-gray-900 focus:outline-none md:text-sm"
          style={{ maxHeight }}
          data-chat-textarea=""
        />
        <button
          type="button"
          onClick={() => void submit()}
          disabled={blank || sending || disabled}
          aria-busy={sending || undefined}
          className={cx(
            'flex min-h-11 shrink-0 items-center gap-1.5 rounded-full bg-gray-900 px-4 text-sm font-semibold text-white hover:bg-gray-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600',
            focusRing,
          )}
          data-chat-send=""
        >
          <SendIcon width={18} height={18} />
          <span className={mobile ? 'sr-only' : undefined}>{sending ? texts.sending : texts.send}</span>
        </button>
      </div>
    </div>
  );
}

function UploadItem({
  row,
  texts,
  onCancel,
  onRetry,
}: {
  row: UploadRow;
  texts: WidgetTexts;
  onCancel: (row: UploadRow) => void;
  onRetry: (row: UploadRow) => void;
}) {
  if (row.status === 'failed') {
    return (
      <li className="flex flex-wrap items-center gap-x-3 gap-y-1" data-chat-upload="failed">
        <span role="alert" className="min-w-0 flex-1 text-red-700">
          <span className="block truncate font-medium">{row.name}</span>
          {row.error}
        </span>
        {row.localUrl ? (
          <a
            href={row.localUrl}
            target="_blank"
            rel="noopener noreferrer"
            download={row.name}
            className={cx('font-medium text-gray-900 underline underline-offset-2', focusRing)}
          >
            {texts.localPreview}
          </a>
        ) : null}
        <button
          type="button"
          onClick={() => onRetry(row)}
          className={cx('font-medium text-gray-900 underline underline-offset-2', focusRing)}
        >
          {texts.retry}
        </button>
        <button
          type="button"
          onClick={() => onCancel(row)}
          aria-label={texts.dismiss}
          className={cx('rounded-full p-1 text-gray-600 hover:bg-gray-100', focusRing)}
        >
          <CloseIcon width={16} height={16} />
        </button>
      </li>
    );
  }
  return (
    <li className="flex items-center gap-3" data-chat-upload="uploading">
      <div className="min-w-0 flex-1">
        <div className="flex justify-between gap-2 text-gray-700">
          <span className="truncate">{texts.uploading(row.name)}</span>
          <span className="tabular-nums">{texts.uploadProgress(row.progress)}</span>
        </div>
        <div
          role="progressbar"
          aria-label={texts.uploading(row.name)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={row.progress}
          className="mt-1 h-1.5 overflow-hidden rounded-full bg-gray-200"
        >
          <div className="h-full rounded-full bg-gray-900 transition-[width]" style={{ width: `${row.progress}%` }} />
        </div>
      </div>
      <button
        type="button"
        onClick={() => onCancel(row)}
        className={cx(
          'shrink-0 rounded-full border border-gray-300 px-3 py-1 text-xs font-semibold hover:border-gray-900',
          focusRing,
        )}
      >
        {texts.cancelUpload}
      </button>
    </li>
  );
}
