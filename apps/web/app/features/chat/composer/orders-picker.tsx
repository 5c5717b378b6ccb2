import { resizedImageUrl } from '@shop/contracts/images';
import type { TOrderListItem } from '@shop/contracts/orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Price } from '../../../components/product/price';
import { isCancelled } from '../../../lib/api';
import type { ChatLanguage } from '../language';
import { PillButton } from '../pill-button';
import type { WidgetTexts } from '../texts';
import { loadOrdersPage } from './picker-data';
import { PickerFailure, PickerRow, PickerSkeleton } from './picker-states';

type Load = {
  orders: TOrderListItem[];
  /** the last page loaded (0: none yet) */
  page: number;
  more: boolean;
  loading: boolean;
  failed: boolean;
};

/**
 * spec 5 "Goods and orders in the chat": one of the shopper's orders, sent as a card. Orders come
 * 10 a page, with more while a full page returns; a failure says 'Failed to load orders, please try
 * again later' (spec 8). Only for a signed-in shopper (the composer says 'Please log in to view
 * orders' to a guest instead of opening it).
 */
export function OrdersPicker({
  path,
  texts,
  language,
  onPick,
}: {
  path: string;
  texts: WidgetTexts;
  language: ChatLanguage;
  onPick: (order: TOrderListItem) => void;
}) {
  const [load, setLoad] = useState<Load>({ orders: [], page: 0, more: true, loading: true, failed: false });
  const busy = useRef(false);

  const fetchPage = useCallback(
    (page: number) => {
      if (busy.current) return;
      busy.current = true;
      setLoad((current) => ({ ...current, loading: true, failed: false }));
      loadOrdersPage(path, page).then(
        ({ orders, more }) => {
          busy.current = false;
          setLoad((current) => {
            const known = new Set(current.orders.map((order) => order.id));
            return {
              orders: [...current.orders, ...orders.filter((order) => !known.has(order.id))],
              page,
              more,
              loading: false,
              failed: false,
            };
          });
        },
        (error: unknown) => {
          busy.current = false;
          if (isCancelled(error)) return;
          setLoad((current) => ({ ...current, loading: false, failed: true }));
        },
      );
    },
    [path],
  );

  useEffect(() => {
    fetchPage(1);
  }, [fetchPage]);

  const date = new Intl.DateTimeFormat(language === 'zh-cn' ? 'zh-CN' : 'en-US', { dateStyle: 'medium' });

  return (
    <div>
      {load.orders.length > 0 ? (
        <ul className="divide-y divide-gray-100" aria-label={texts.orders}>
          {load.orders.map((order) => (
            <PickerRow key={order.id} onPick={() => onPick(order)} marker={{ 'data-chat-order': order.order_no }}>
              <span className="flex shrink-0 -space-x-3" aria-hidden="true">
                {order.detail.slice(0, 3).map((line, index) =>
                  line.image ? (
                    <img
                      // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines keep their order
                      key={index}
                      src={resizedImageUrl(line.image, 80)}
                      alt=""
                      width={40}
                      height={40}
                      loading="lazy"
                      className="size-10 rounded-md border-2 border-white bg-gray-100 object-cover"
                    />
                  ) : null,
                )}
              </span>
              <span className="min-w-0 flex-1 text-sm">
                <span className="block truncate font-medium text-gray-950">{texts.orderNo(order.order_no)}</span>
                <span className="block truncate text-gray-600">
                  {order.status_text} · {texts.items(order.total_num)} · {date.format(order.create_time)}
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <Price usd={order.pay_price} className="text-sm font-semibold text-gray-950" />
                <span className="rounded-full border border-gray-300 px-3 py-0.5 text-xs font-semibold text-gray-900">
                  {texts.sendThis}
                </span>
              </span>
            </PickerRow>
          ))}
        </ul>
      ) : null}
      {load.loading ? (
        <PickerSkeleton
          rows={3}
          thumbClassName="size-10 shrink-0"
          lineClassNames={['h-3.5 w-3/5', 'h-3.5 w-2/5']}
          label={texts.loading}
        />
      ) : null}
      {load.failed ? (
        <PickerFailure
          message={texts.ordersFailed}
          retryLabel={texts.retry}
          onRetry={() => fetchPage(Math.max(1, load.page + 1))}
        />
      ) : null}
      {!load.loading && !load.failed && load.orders.length === 0 ? (
        <p className="p-4 text-center text-sm text-gray-600">{texts.noOrders}</p>
      ) : null}
      {!load.loading && !load.failed && load.more && load.orders.length > 0 ? (
        <div className="p-3 text-center">
          <PillButton
            onClick={() => fetchPage(load.page + 1)}
            className="min-h-10 rounded-full border border-gray-300 px-4 text-sm font-medium hover:border-gray-900"
          >
            {texts.loadMore}
          </PillButton>
        </div>
      ) : null}
    </div>
  );
}
