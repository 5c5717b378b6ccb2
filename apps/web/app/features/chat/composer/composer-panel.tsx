import { useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { cx, focusRing } from '../../../lib/cx';
import { notify } from '../../../lib/toast';
import type { ChatLanguage } from '../language';
import type { WidgetTexts } from '../texts';
import type { OutgoingMessage } from '../widget/chat-controller';
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

/** The panels the composer's toolbar opens above it. */
export type Panel = 'emoji' | 'goods' | 'orders';

/** The open panel (one at a time); the orders panel only for a signed-in shopper, who is told otherwise. */
export function usePanel(signedIn: boolean, loginToViewOrders: string) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const togglePanel = (which: Panel) => setPanel((open) => (open === which ? null : which));
  const toggleOrders = () => {
    if (!signedIn) {
      void notify.error(loginToViewOrders);
      return;
    }
    togglePanel('orders');
  };
  return { panel, setPanel, togglePanel, toggleOrders };
}

type ComposerPanelProps = {
  id: string;
  panel: Panel;
  mobile: boolean;
  texts: WidgetTexts;
  language: ChatLanguage;
  config: { goods_api: string; orders_api: string };
  onClose: () => void;
  onEmoji: (emoji: string) => void;
  /** a picked product or order, as its card message */
  onCard: (message: OutgoingMessage) => void;
};

/** The open panel above the composer: the emoji, or the goods or orders picker (spec 4 / 6 / 9). */
export function ComposerPanel({ id, panel, mobile, texts, language, config, onClose, onEmoji, onCard }: ComposerPanelProps) {
  const title = panel === 'emoji' ? texts.emojiPanel : panel === 'goods' ? texts.goods : texts.orders;
  return (
    <section
      id={id}
      aria-label={title}
      className={cx('overflow-y-auto border-b border-gray-200', mobile ? 'max-h-[50vh]' : 'max-h-72')}
      data-chat-panel={panel}
    >
      <div className="sticky top-0 z-10 flex items-center justify-between bg-white px-3 py-1.5">
        <h3 className="text-sm font-semibold text-gray-950">{title}</h3>
        <button
          type="button"
          onClick={onClose}
          aria-label={texts.closePanel}
          className={cx('rounded-full p-1.5 text-gray-600 hover:bg-gray-100', focusRing)}
        >
          <CloseIcon width={16} height={16} />
        </button>
      </div>
      {panel === 'emoji' ? <EmojiPanel mobile={mobile} texts={texts} onPick={onEmoji} /> : null}
      {panel === 'goods' ? (
        <GoodsPicker
          path={config.goods_api || DEFAULT_GOODS_API}
          count={mobile ? GOODS_PICKER_MOBILE : GOODS_PICKER_DESKTOP}
          texts={texts}
          onPick={(goods) => onCard(goodsMessage(goods))}
        />
      ) : null}
      {panel === 'orders' ? (
        <OrdersPicker
          path={config.orders_api || DEFAULT_ORDERS_API}
          texts={texts}
          language={language}
          onPick={(order) => onCard(orderMessage(order))}
        />
      ) : null}
    </section>
  );
}
