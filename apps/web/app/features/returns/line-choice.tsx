import type { TReturnableLine } from '@shop/contracts/returns';
import { useId } from 'react';
import { cx, focusRing } from '../../lib/cx';
import { LineImage, variantOf } from './parts';

/** One line of the order: how many units to send back (0 to what is left), and its error. */
export function LineChoice({
  line,
  num,
  onNum,
  error,
  fixed,
}: {
  line: TReturnableLine;
  num: number;
  onNum: (num: number) => void;
  error?: string;
  fixed: boolean;
}) {
  const id = useId();
  const left = line.returnable;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 text-sm" data-testid="return-line">
      <LineImage image={line.image} />
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-medium text-gray-950">{line.goods_name}</p>
        <p className="text-gray-700">
          {variantOf(line.sku_text)}
          {variantOf(line.sku_text) ? ' · ' : ''}bought {line.num}
        </p>
        {left === 0 ? <p className="text-gray-700">Already returned or in another request</p> : null}
      </div>
      {fixed ? (
        <p className="shrink-0 text-gray-900">× {line.num}</p>
      ) : left > 0 ? (
        <div className="flex shrink-0 flex-col gap-1">
          <label htmlFor={id} className="text-xs font-medium text-gray-800">
            Quantity<span className="sr-only"> of {line.goods_name} to send back</span>
          </label>
          <select
            id={id}
            value={num}
            onChange={(event) => onNum(Number(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cx(
              'min-h-11 w-24 rounded-md border bg-white px-3',
              error ? 'border-red-600' : 'border-gray-300',
              focusRing,
            )}
          >
            {[...Array(left + 1).keys()].map((count) => (
              <option key={count} value={count}>
                {count === 0 ? 'None' : count}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="basis-full text-red-700">
          {error}
        </p>
      ) : null}
    </li>
  );
}
