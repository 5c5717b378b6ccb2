import { resizedImageUrl } from '@shop/contracts/images';
import { useCallback, useEffect, useState } from 'react';
import { Price } from '../../../components/product/price';
import type { WidgetTexts } from '../texts';
import { loadPickerGoods, type PickerGoods } from './picker-data';
import { PickerFailure, PickerRow, PickerSkeleton } from './picker-states';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; goods: PickerGoods[] };

/**
 * spec 5 "Goods and orders in the chat": the products a shopper (or agent) can send as a card; 100
 * from the desktop toolbar, 20 in the mobile panel. A product picked is sent at once.
 */
export function GoodsPicker({
  path,
  count,
  texts,
  onPick,
}: {
  path: string;
  count: number;
  texts: WidgetTexts;
  onPick: (goods: PickerGoods) => void;
}) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    let active = true;
    setLoad({ status: 'loading' });
    loadPickerGoods(path, count).then(
      (goods) => {
        if (active) setLoad({ status: 'ready', goods });
      },
      () => {
        if (active) setLoad({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [path, count, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (load.status === 'loading') {
    return (
      <PickerSkeleton
        rows={4}
        thumbClassName="size-12 shrink-0"
        lineClassNames={['h-3.5 w-4/5', 'h-3.5 w-1/4']}
        label={texts.loading}
      />
    );
  }
  if (load.status === 'failed') return <PickerFailure message={texts.goodsFailed} retryLabel={texts.retry} onRetry={retry} />;
  if (load.goods.length === 0) return <p className="p-4 text-center text-sm text-gray-600">{texts.noGoods}</p>;
  return (
    <ul className="divide-y divide-gray-100" aria-label={texts.goods}>
      {load.goods.map((goods) => (
        <PickerRow key={goods.id} onPick={() => onPick(goods)} marker={{ 'data-chat-goods': goods.id }}>
          {goods.image || goods.images[0] ? (
            <img
              src={resizedImageUrl(goods.image || goods.images[0] || '', 80)}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-md bg-gray-100 object-cover"
            />
          ) : (
            <span className="size-12 shrink-0 rounded-md bg-gray-100" aria-hidden="true" />
          )}
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium text-gray-950">{goods.name}</span>
            <Price usd={goods.min_price} className="text-sm text-gray-700" />
          </span>
          <span className="shrink-0 rounded-full border border-gray-300 px-3 py-1 text-xs font-semibold text-gray-900">
            {texts.sendThis}
          </span>
        </PickerRow>
      ))}
    </ul>
  );
}
