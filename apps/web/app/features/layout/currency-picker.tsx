import { useCurrencyState } from '../../lib/currency';
import { onDemand, useLoadOnIntent } from '../../lib/load-on-intent';
import { CurrencyTriggerLabel, currencyTriggerClass } from './header-parts';

const dropdown = onDemand(() => import('./currency-dropdown'));

/**
 * spec 2 "Header": the currency picker. The button shows the current code and symbol; its menu
 * (currency-dropdown, loaded on intent) lists every currency. The server renders USD (see
 * lib/currency).
 */
export function CurrencyPicker() {
  const { current } = useCurrencyState();
  const { arrived, trigger } = useLoadOnIntent(dropdown);
  if (arrived) {
    const { CurrencyDropdown } = arrived.module;
    return <CurrencyDropdown initialOpen={arrived.initialOpen} focusTrigger={arrived.focusTrigger} />;
  }
  return (
    <button {...trigger} type="button" aria-haspopup="menu" className={currencyTriggerClass}>
      <CurrencyTriggerLabel current={current} />
    </button>
  );
}
