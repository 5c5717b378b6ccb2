import { DropdownMenu } from 'radix-ui';
import { useId } from 'react';
import { type CurrencyState, chooseCurrency, loadCurrencies, useCurrencyState } from '../../lib/currency';
import { ChevronDownIcon } from './icons';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

/** What the picker says while there is no list to choose from. */
const waitingText = (status: CurrencyState['status']) =>
  status === 'failed' ? 'Currencies could not be loaded. Please try again later.' : 'Loading currencies…';

/**
 * spec 2 "Header": the currency picker. The button shows the current code and symbol; its menu
 * lists every currency (code, symbol, name) as radio items, so screen readers hear which one is
 * chosen and the arrow keys move through them. The server renders USD (see lib/currency).
 */
export function CurrencyPicker() {
  const { currencies, current, status } = useCurrencyState();
  return (
    <DropdownMenu.Root
      modal={false}
      onOpenChange={(open) => {
        if (open && status === 'failed') void loadCurrencies({ force: true });
      }}
    >
      <DropdownMenu.Trigger
        className={`inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-gray-900 hover:bg-gray-100 data-[state=open]:bg-gray-100 ${focusRing}`}
      >
        <span className="sr-only">Currency: </span>
        <span translate="no">
          {current.currency_code} {current.unit}
        </span>
        <ChevronDownIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 min-w-64 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1.5 shadow-lg"
          style={{ maxHeight: 'min(24rem, var(--radix-dropdown-menu-content-available-height))' }}
        >
          <DropdownMenu.Label className="px-3 pt-1.5 pb-2 text-xs font-semibold uppercase tracking-[0.18em] text-gray-600">
            Currency
          </DropdownMenu.Label>
          {currencies.length === 0 ? (
            <DropdownMenu.Item disabled className="px-3 py-2 text-sm text-gray-700 outline-none">
              {waitingText(status)}
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.RadioGroup value={current.currency_code} onValueChange={chooseCurrency}>
              {currencies.map((currency) => (
                <DropdownMenu.RadioItem
                  key={currency.id}
                  value={currency.currency_code}
                  className="flex min-h-10 cursor-pointer items-center gap-3 rounded px-3 text-sm text-gray-800 outline-none select-none data-[highlighted]:bg-gray-100 data-[highlighted]:text-gray-950 data-[state=checked]:font-semibold"
                >
                  <span className="w-12 shrink-0" translate="no">
                    {currency.currency_code}
                  </span>
                  <span className="w-8 shrink-0 text-gray-700" translate="no">
                    {currency.unit}
                  </span>
                  <span className="min-w-0 flex-1 truncate">{currency.name}</span>
                  <DropdownMenu.ItemIndicator>
                    <CheckIcon />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The same choice as a group of radio buttons, for the mobile menu. */
export function CurrencyRadioList() {
  const { currencies, current, status } = useCurrencyState();
  const name = useId();
  if (currencies.length === 0) {
    return (
      <p role="status" className="text-sm text-gray-700">
        {waitingText(status)}
      </p>
    );
  }
  return (
    <fieldset>
      <legend className="sr-only">Currency</legend>
      <div className="grid grid-cols-1 gap-1 min-[400px]:grid-cols-2">
        {currencies.map((currency) => (
          <label
            key={currency.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-gray-800 has-[:checked]:bg-gray-100 has-[:checked]:font-semibold has-[:checked]:text-gray-950"
          >
            <input
              type="radio"
              name={name}
              value={currency.currency_code}
              checked={currency.currency_code === current.currency_code}
              onChange={() => chooseCurrency(currency.currency_code)}
              className="size-4 shrink-0 accent-gray-900"
            />
            <span translate="no">
              {currency.currency_code} {currency.unit}
            </span>
            <span className="min-w-0 truncate text-gray-600">{currency.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={16}
      height={16}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
