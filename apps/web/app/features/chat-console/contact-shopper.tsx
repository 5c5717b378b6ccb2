import type { TContactShopper } from '@shop/contracts/chat-contact';
import { productPath } from '../../lib/seo';
import { whenOf } from './contact-format';
import { ContactGoodwill } from './contact-goodwill';
import { ContactOrder } from './contact-order';
import { linkClass, PartList, type Report } from './contact-parts';
import type { ContactPanelTexts } from './contact-texts';
import type { ConsoleLanguage } from './sign-in-texts';

/** A signed-in shopper in the contact panel: the account, orders, goodwill, bag, wishlist and earlier conversations. */
export function ShopperDetails({
  sessionId,
  shopper,
  texts,
  language,
  report,
}: {
  sessionId: number;
  shopper: TContactShopper;
  texts: ContactPanelTexts;
  language: ConsoleLanguage;
  report: Report;
}) {
  const returnable = new Map(shopper.returnable.map((order) => [order.id, order]));
  return (
    <div>
      <p className="text-sm font-medium break-words text-gray-900">{shopper.name}</p>
      <p className="text-sm break-words text-gray-700">{shopper.email}</p>

      <PartList title={texts.orders(shopper.orders.total)} items={shopper.orders.data} empty={texts.noOrders} gap="gap-2">
        {(order) => (
          <ContactOrder
            key={order.id}
            sessionId={sessionId}
            order={order}
            lines={returnable.get(order.id)?.lines.filter((line) => line.returnable > 0) ?? []}
            texts={texts}
            language={language}
            report={report}
          />
        )}
      </PartList>

      <ContactGoodwill sessionId={sessionId} limit={shopper.goodwill_limit} texts={texts} report={report} />

      <PartList title={texts.bag} items={shopper.bag} empty={texts.emptyBag}>
        {(line) => (
          <li key={`${line.goods_id}-${line.sku_text}`} className="text-sm">
            <a href={productPath(line.url)} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {line.name}
            </a>{' '}
            <span className="text-xs text-gray-600">
              {line.sku_text} × {line.num}
            </span>
          </li>
        )}
      </PartList>

      <PartList title={texts.wishlist} items={shopper.wishlist} empty={texts.emptyWishlist}>
        {(item) => (
          <li key={item.goods_id} className="text-sm">
            <a href={productPath(item.url)} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {item.name}
            </a>
          </li>
        )}
      </PartList>

      <PartList title={texts.pastConversations} items={shopper.conversations} empty={texts.noConversations} gap="gap-1.5">
        {(conversation) => (
          <li key={conversation.id} className="text-sm">
            <p className="text-xs text-gray-600">
              <time dateTime={new Date(conversation.last_at).toISOString()}>{whenOf(conversation.last_at, language)}</time> ·{' '}
              {texts.withAgent(conversation.agent)} · {texts.messagesCount(conversation.messages)}
            </p>
            <p className="truncate text-gray-800">{conversation.preview}</p>
          </li>
        )}
      </PartList>
    </div>
  );
}
