import type { TChatMessage } from '@shop/contracts/chat-protocol';
import { CheckIcon } from '../../../components/ui/icons';
import { cx, focusRing } from '../../../lib/cx';
import { ChatImage } from './chat-image';
import { ChatMarkdown } from './chat-markdown';
import { FileMessage } from './file-message';
import { GoodsCard } from './goods-card';
import { OrderCard } from './order-card';
import { safeUrl } from './safe-url';
import { type MessageLanguage, type MessageTexts, messageTexts } from './texts';

export type MessageViewProps = {
  message: TChatMessage;
  /** sent by whoever is looking (their bubble, on the right, with its read mark) */
  mine: boolean;
  /** the other side has read it (also when message.status is 'read') */
  read?: boolean;
  language: MessageLanguage;
  /** spec 9: code blocks of 30 lines or more start folded (on unless turned off) */
  foldLongCode?: boolean;
  /** who is looking: agents ('csr') open products in a new tab and have no order page to go to */
  viewer?: 'tourist' | 'csr';
};

/** Who sent a message, as a screen reader announces it. */
export function senderName(message: Pick<TChatMessage, 'sender_identity'>, mine: boolean, texts: MessageTexts): string {
  if (mine) return texts.you;
  if (message.sender_identity === 'csr') return texts.agent;
  if (message.sender_identity === 'tourist') return texts.visitor;
  return texts.system;
}

/** A one-line account of a message (the live region's announcement, a notification). */
export function messagePreview(
  message: Pick<TChatMessage, 'type' | 'content' | 'title' | 'extend'>,
  texts: MessageTexts,
): string {
  const name = typeof message.extend.name === 'string' ? message.extend.name : '';
  const title = typeof message.extend.title === 'string' ? message.extend.title : '';
  const orderNo =
    typeof message.extend.order_no === 'string' || typeof message.extend.order_no === 'number' ? message.extend.order_no : '';
  const line = (() => {
    switch (message.type) {
      case 'text':
      case 'system':
        return message.content;
      case 'image':
        return `[${texts.image}]`;
      case 'file':
        return `[${texts.file}] ${name}`;
      case 'link':
        return `[${texts.link}] ${message.title || message.content}`;
      case 'good':
        return `[${texts.product}] ${title || message.content}`;
      case 'order':
        return `[${texts.order}] ${orderNo}`;
      default:
        return message.content;
    }
  })();
  const flat = line.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

function LinkMessage({ message, texts, mine }: { message: TChatMessage; texts: MessageTexts; mine: boolean }) {
  const href = safeUrl(message.content, 'link');
  const title = message.title.trim() || message.content;
  let host = '';
  try {
    host = href ? new URL(href, 'https://shop.invalid').host : '';
  } catch {
    host = '';
  }
  const shownHost = host === 'shop.invalid' ? '' : host;
  const box = cx(
    'flex w-64 max-w-full items-center gap-3 rounded-lg border p-3',
    mine ? 'border-gray-700 bg-gray-900 text-white' : 'border-gray-200 bg-white text-gray-900',
  );
  const body = (
    <>
      <svg
        viewBox="0 0 24 24"
        width={20}
        height={20}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        aria-hidden="true"
        className="shrink-0"
      >
        <path
          d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
          strokeLinecap="round"
        />
      </svg>
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm font-medium break-words underline underline-offset-2">{title}</span>
        {shownHost ? (
          <span className={cx('block truncate text-xs', mine ? 'text-gray-300' : 'text-gray-700')}>{shownHost}</span>
        ) : null}
      </span>
    </>
  );
  if (!href) {
    return <p className={cx(box, 'break-all')}>{message.content}</p>;
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc" className={cx(box, focusRing)}>
      {body}
      <span className="sr-only">{texts.opensInNewTab}</span>
    </a>
  );
}

function MessageBody({
  message,
  mine,
  texts,
  language,
  foldLongCode,
  viewer,
}: Required<Pick<MessageViewProps, 'message' | 'mine' | 'language' | 'foldLongCode' | 'viewer'>> & { texts: MessageTexts }) {
  const extend = message.extend ?? {};
  switch (message.type) {
    case 'image': {
      const name = typeof extend.name === 'string' && extend.name.trim() ? extend.name.trim() : texts.image;
      return <ChatImage src={message.content} alt={name} texts={texts} />;
    }
    case 'file':
      return <FileMessage url={message.content} extend={extend} texts={texts} />;
    case 'link':
      return <LinkMessage message={message} texts={texts} mine={mine} />;
    case 'good':
      return <GoodsCard extend={extend} content={message.content} texts={texts} newTab={viewer === 'csr'} />;
    case 'order':
      return <OrderCard extend={extend} texts={texts} language={language} linked={viewer !== 'csr'} />;
    default:
      return (
        <div
          className={cx(
            'max-w-full min-w-0 rounded-2xl px-3 py-2',
            mine ? 'rounded-br-sm bg-gray-900 text-white' : 'rounded-bl-sm bg-gray-100 text-gray-900',
          )}
        >
          {message.type === 'text' ? (
            <ChatMarkdown source={message.content} tone={mine ? 'mine' : 'theirs'} texts={texts} foldingOn={foldLongCode} />
          ) : (
            <p className="text-sm break-words whitespace-pre-wrap">{message.content}</p>
          )}
        </div>
      );
  }
}

/**
 * One chat message as spec 2 and 4 show it: text as Markdown (safe: raw HTML never renders),
 * an image with a full-size preview, a file as a video or audio player or a card with a download
 * button, a link, a goods card, an order card, or a system notice in the middle. The sender's own
 * messages sit on the right, with a check mark once the other side has read them.
 */
export function MessageView({
  message,
  mine,
  read = false,
  language,
  foldLongCode = true,
  viewer = 'tourist',
}: MessageViewProps) {
  const texts = messageTexts(language);

  if (message.type === 'system') {
    return (
      <div className="flex justify-center px-4" data-message-id={message.id}>
        <p className="max-w-full rounded-full bg-gray-100 px-3 py-1 text-center text-xs break-words whitespace-pre-wrap text-gray-700">
          <span className="sr-only">{texts.system}: </span>
          {message.content}
        </p>
      </div>
    );
  }

  const pending = message.id < 0;
  const isRead = mine && !pending && (read || message.status === 'read');
  return (
    <div className={cx('flex w-full', mine ? 'justify-end' : 'justify-start')} data-message-id={message.id}>
      <div className={cx('flex max-w-[85%] min-w-0 flex-col gap-1', mine ? 'items-end' : 'items-start', pending && 'opacity-70')}>
        <span className="sr-only">{senderName(message, mine, texts)}: </span>
        {message.auto_reply ? <span className="text-[11px] font-medium text-gray-700">{texts.autoReply}</span> : null}
        <MessageBody
          message={message}
          mine={mine}
          texts={texts}
          language={language}
          foldLongCode={foldLongCode}
          viewer={viewer}
        />
        {pending ? (
          <span className="text-[11px] text-gray-700">{texts.sending}</span>
        ) : isRead ? (
          <span className="inline-flex items-center text-emerald-700" title={texts.read} data-read="true">
            <CheckIcon width={14} height={14} />
            <span className="sr-only">{texts.read}</span>
          </span>
        ) : null}
      </div>
    </div>
  );
}
