import { DropdownMenu } from 'radix-ui';
import { useEffect, useState } from 'react';
import { CheckIcon } from '../../components/ui/icons';
import { chooseCurrency, loadCurrencies, useCurrencyState } from '../../lib/currency';
import { type Takeover, useTakeOverFocus } from '../../lib/load-on-intent';
import { CurrencyTriggerLabel, currencyTriggerClass, currencyWaitingText } from './header-parts';
import { MenuPanel } from './menu-panel';

/**
 * spec 2 "Header": the currency picker's menu. It lists every currency (code, symbol, name) as
 * radio items, so screen readers hear which one is chosen and the arrow keys move through them.
 * Opening it after a failed load asks for the list again.
 */
export function CurrencyDropdown({ initialOpen, focusTrigger }: Takeover) {
  const { currencies, current, status } = useCurrencyState();
  const [open, setOpen] = useState(initialOpen);
  const triggerRef = useTakeOverFocus(focusTrigger);
  const retryIfFailed = () => {
    if (status === 'failed') void loadCurrencies({ force: true });
  };
  // opened by the press that loaded this menu
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the state at the first render counts
  useEffect(() => {
    if (initialOpen) retryIfFailed();
  }, []);
  return (
    <DropdownMenu.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) retryIfFailed();
      }}
    >
      <DropdownMenu.Trigger ref={triggerRef} className={currencyTriggerClass}>
        <CurrencyTriggerLabel current={current} />
      </DropdownMenu.Trigger>
      <MenuPanel
        className="z-50 min-w-64 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1.5 shadow-lg"
        style={{ maxHeight: 'min(24rem, var(--radix-dropdown-menu-content-available-height))' }}
      >
        <DropdownMenu.Label className="px-3 pt-1.5 pb-2 text-xs font-semibold uppercase tracking-[0.18em] text-gray-600">
          Currency
        </DropdownMenu.Label>
        {currencies.length === 0 ? (
          <DropdownMenu.Item disabled className="px-3 py-2 text-sm text-gray-700 outline-none">
            {currencyWaitingText(status)}
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
                  <CheckIcon width={16} height={16} strokeWidth={2} />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        )}
      </MenuPanel>
    </DropdownMenu.Root>
  );
}
