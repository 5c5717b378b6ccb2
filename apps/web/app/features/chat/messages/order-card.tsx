import { Price } from '../../../components/product/price';
import { CardLink } from './card-link';
import { CardThumb } from './card-thumb';
import { orderCard, orderPreview, orderStatusLabel, orderSummary } from './cards';
import { localeOf, type MessageLanguage, type MessageTexts } from './texts';

export type OrderCardProps = {
  /** message.extend: {id, order_no, status, pay_price, total_num, create_time, detail: [{goods_name, num, image}]} */
  extend: Record<string, unknown>;
  texts: MessageTexts;
  language: MessageLanguage;
  /** the shopper's order page is a link; agents have no such page */
  linked?: boolean;
};

/**
 * An order message: its number and status (spec 4 labels), the first 3 goods (spec 9), a summary
 * naming 2 of them, the number of pieces, the amount paid and the date; it leads to the order's
 * page in the shopper's account.
 */
export function OrderCard({ extend, texts, language, linked = true }: OrderCardProps) {
  const order = orderCard(extend);
  const status = orderStatusLabel(order.status, texts);
  const summary = orderSummary(order.lines, texts);
  return (
    <CardLink
      href={linked ? order.href : null}
      newTab={false}
      opensInNewTab={texts.opensInNewTab}
      className="w-64 max-w-full rounded-lg border border-gray-200 bg-white p-3 text-gray-900"
    >
      <span className="flex items-start justify-between gap-2 text-xs">
        <span className="min-w-0 break-all text-gray-700">
          <span className="sr-only">{texts.order}, </span>
          {texts.orderNo} <span className="font-medium text-gray-950">{order.orderNo}</span>
        </span>
        {status ? (
          <span className="shrink-0 rounded-full bg-gray-100 px-2 py-0.5 font-semibold text-gray-950">{status}</span>
        ) : null}
      </span>
      {order.lines.length > 0 ? (
        <span className="mt-2 flex gap-2">
          {orderPreview(order.lines).map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent order's lines are fixed; names may repeat
            <span key={`${index}-${line.name}`} className="relative block size-14 shrink-0">
              <CardThumb
                image={line.image}
                size={56}
                className="size-14 rounded-md bg-gray-100"
                emptyClassName="block size-14 rounded-md bg-gray-100"
              />
              {line.num > 1 ? (
                <span className="absolute right-0 bottom-0 rounded-tl-md rounded-br-md bg-gray-950/80 px-1 text-[10px] text-white">
                  ×{line.num}
                </span>
              ) : null}
            </span>
          ))}
        </span>
      ) : null}
      {summary ? <span className="mt-2 line-clamp-2 block text-sm break-words">{summary}</span> : null}
      <span className="mt-2 flex items-center justify-between gap-2 text-xs text-gray-700">
        <span>{texts.itemCount(order.totalNum)}</span>
        {order.payPrice !== null ? (
          <span>
            {texts.total} <Price usd={order.payPrice} className="text-sm font-semibold text-gray-950" />
          </span>
        ) : null}
      </span>
      {order.createdAt !== null ? (
        <time dateTime={new Date(order.createdAt).toISOString()} className="mt-1 block text-xs text-gray-700">
          {new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' }).format(order.createdAt)}
        </time>
      ) : null}
    </CardLink>
  );
}
