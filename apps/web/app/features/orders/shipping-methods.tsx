import type { TShippingOption } from '@shop/contracts/orders';
import { SHIPPING_METHOD_INFO, SHIPPING_METHODS, type TShippingMethod } from '@shop/contracts/orders-rules';
import { useId } from 'react';
import { Price } from '../../components/product/price';
import { cx } from '../../lib/cx';

/** The shipping methods, with what each costs for this order once the server has priced it. */
export function ShippingMethods({
  value,
  onChange,
  options,
}: {
  value: TShippingMethod;
  onChange: (method: TShippingMethod) => void;
  options: readonly TShippingOption[] | null;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">Shipping method</legend>
      <div className="flex flex-col gap-3">
        {SHIPPING_METHODS.map((method) => {
          const info = SHIPPING_METHOD_INFO[method];
          const priced = options?.find((option) => option.method === method);
          return (
            <label
              key={method}
              className={cx(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gray-900',
                value === method ? 'border-gray-900 bg-gray-50' : 'border-gray-300 hover:border-gray-500',
              )}
            >
              <input
                type="radio"
                name={name}
                value={method}
                checked={value === method}
                onChange={() => onChange(method)}
                className="size-4 accent-gray-900"
              />
              <span className="flex-1">
                <span className="block font-semibold text-gray-950">{priced?.label ?? info.label}</span>
                <span className="block text-gray-700">{priced?.days ?? info.days}</span>
              </span>
              <span className="font-semibold text-gray-950">
                {priced ? priced.amount > 0 ? <Price usd={priced.amount} /> : 'Free' : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
