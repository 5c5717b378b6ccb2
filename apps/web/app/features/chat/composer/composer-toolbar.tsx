import type { ChangeEvent, ReactNode, RefObject } from 'react';
import { cx, focusRing } from '../../../lib/cx';
import type { WidgetTexts } from '../texts';
import { BagIcon, ImageIcon, PaperclipIcon, ReceiptIcon, SmileIcon } from '../widget/chat-icons';
import type { Panel } from './composer-panel';
import type { UploadKind } from './upload';

const toolButton = cx(
  'flex size-10 items-center justify-center rounded-full text-gray-700 hover:bg-gray-100 hover:text-gray-950 aria-expanded:bg-gray-100 aria-expanded:text-gray-950 disabled:opacity-40',
  focusRing,
);

type ComposerToolbarProps = {
  texts: WidgetTexts;
  /** the open panel, and the id of its section */
  panel: Panel | null;
  panelId: string;
  /** which pickers this sender is offered (spec 6) */
  pickers: { goods: boolean; orders: boolean };
  disabled: boolean;
  onEmoji: () => void;
  onGoods: () => void;
  onOrders: () => void;
  onPick: (kind: UploadKind) => void;
  onFiles: (kind: UploadKind) => (event: ChangeEvent<HTMLInputElement>) => void;
  imageInput: RefObject<HTMLInputElement | null>;
  fileInput: RefObject<HTMLInputElement | null>;
  /** more buttons (the agents' quick replies) */
  tools?: ReactNode;
};

/** The composer's toolbar: emoji, image, file, goods and orders, then the caller's tools; and the hidden file inputs. */
export function ComposerToolbar({ texts, panel, panelId, pickers, disabled, tools, ...on }: ComposerToolbarProps) {
  /** A button that opens a panel, pressed while its panel is open. */
  const panelButton = (which: Panel, label: string, onClick: () => void, icon: ReactNode) => (
    <button
      type="button"
      className={toolButton}
      aria-label={label}
      aria-expanded={panel === which}
      aria-controls={panel === which ? panelId : undefined}
      onClick={onClick}
      disabled={disabled}
    >
      {icon}
    </button>
  );
  return (
    <div className="flex items-center gap-0.5 px-2 pt-1.5" role="toolbar" aria-label={texts.tools}>
      {panelButton('emoji', texts.emoji, on.onEmoji, <SmileIcon />)}
      <button
        type="button"
        className={toolButton}
        aria-label={texts.image}
        onClick={() => on.onPick('image')}
        disabled={disabled}
      >
        <ImageIcon />
      </button>
      <button type="button" className={toolButton} aria-label={texts.file} onClick={() => on.onPick('file')} disabled={disabled}>
        <PaperclipIcon />
      </button>
      {pickers.goods ? panelButton('goods', texts.goods, on.onGoods, <BagIcon />) : null}
      {pickers.orders ? panelButton('orders', texts.orders, on.onOrders, <ReceiptIcon />) : null}
      {tools}
      <input
        ref={on.imageInput}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={on.onFiles('image')}
        data-chat-image-input=""
      />
      <input
        ref={on.fileInput}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={on.onFiles('file')}
        data-chat-file-input=""
      />
    </div>
  );
}
