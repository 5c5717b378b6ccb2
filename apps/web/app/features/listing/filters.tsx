import type { TFacetValue } from '@shop/contracts/catalog';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useRef } from 'react';
import { CheckIcon, FilterIcon } from '../../components/ui/icons';
import { cx, focusRing } from '../../lib/cx';
import { activeFilterCount, type ListingState, priceInput, toggleValue, withPrice } from './query';
import { isLightTone, swatchBackground } from './swatch';

export type FilterFormProps = {
  /** the listing's path; the form submits to it */
  path: string;
  /** parameters naming the list (the search's keyword), kept in every address */
  fixed: Readonly<Record<string, string>>;
  /** what is chosen (while a change loads: what was just chosen) */
  state: ListingState;
  facets: { colors: readonly TFacetValue[]; sizes: readonly TFacetValue[] };
  /** the lowest and highest price among the matches, for the price fields' hints */
  price: { min: number; max: number };
  /** shows the listing with other filters (they apply as soon as they change) */
  onChange: (next: ListingState) => void;
};

const sectionTitle = 'text-xs font-semibold uppercase tracking-[0.2em] text-gray-900';

/** " 13 products" for screen readers, "13" on screen. */
function FacetCount({ count }: { count: number }) {
  return (
    <span className="ml-auto pl-2 text-xs text-gray-600 tabular-nums">
      <span className="sr-only">, </span>
      {count}
      <span className="sr-only">{count === 1 ? ' product' : ' products'}</span>
    </span>
  );
}

const wholeDollars = (amount: number, round: (value: number) => number) => String(Math.max(0, round(amount)));

/**
 * The filters: colour swatches and size chips with their counts, and the price range in USD. It is a
 * GET form, so it works without JavaScript (Apply); with JavaScript a colour or size applies as soon
 * as it is ticked, and the price range on Enter or Apply. Any change goes back to page 1.
 */
export function FilterForm({ path, fixed, state, facets, price, onChange }: FilterFormProps) {
  const formId = useId();
  const minId = `${formId}-min`;
  const maxId = `${formId}-max`;
  const toggle = (dimension: 'colors' | 'sizes', id: number) => onChange(toggleValue(state, dimension, id));

  const applyPrice = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChange(withPrice(state, priceInput(form.get('min_price')), priceInput(form.get('max_price'))));
  };

  const hasPriceSpan = price.max > 0;
  return (
    <form method="get" action={path} onSubmit={applyPrice} className="flex flex-col gap-8">
      {Object.entries(fixed).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.sort ? <input type="hidden" name="sort" value={state.sort} /> : null}

      {facets.colors.length > 0 ? (
        <fieldset>
          <legend className={sectionTitle}>Colour</legend>
          <ul className="mt-3 grid grid-cols-2 gap-x-2 gap-y-1 lg:grid-cols-1">
            {facets.colors.map((color) => {
              const checked = state.colors.includes(color.id);
              return (
                <li key={color.id}>
                  <label
                    className={cx(
                      'group relative flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm lg:min-h-9 text-gray-800 hover:bg-gray-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-gray-900',
                      checked ? 'font-semibold text-gray-950' : undefined,
                    )}
                  >
                    <input
                      type="checkbox"
                      name="color"
                      value={color.id}
                      checked={checked}
                      onChange={() => toggle('colors', color.id)}
                      className="absolute inset-0 size-full cursor-pointer opacity-0"
                    />
                    <span
                      aria-hidden="true"
                      className={cx(
                        'inline-flex size-6 shrink-0 items-center justify-center rounded-full ring-1 ring-gray-300 ring-offset-2',
                        checked ? 'ring-2 ring-gray-900' : undefined,
                        isLightTone(color.name) ? 'text-gray-900' : 'text-white',
                      )}
                      style={{ background: swatchBackground(color.name) }}
                    >
                      {checked ? <CheckIcon width={14} height={14} /> : null}
                    </span>
                    <span className="min-w-0 truncate">{color.name}</span>
                    <FacetCount count={color.count} />
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}

      {facets.sizes.length > 0 ? (
        <fieldset>
          <legend className={sectionTitle}>Size</legend>
          <ul className="mt-3 flex flex-wrap gap-2">
            {facets.sizes.map((size) => {
              const checked = state.sizes.includes(size.id);
              return (
                <li key={size.id}>
                  <label
                    className={cx(
                      'relative inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1.5 rounded-md border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gray-900',
                      checked
                        ? 'border-gray-900 bg-gray-900 text-white'
                        : 'border-gray-300 bg-white text-gray-900 hover:border-gray-900',
                    )}
                  >
                    <input
                      type="checkbox"
                      name="size"
                      value={size.id}
                      checked={checked}
                      onChange={() => toggle('sizes', size.id)}
                      className="absolute inset-0 size-full cursor-pointer opacity-0"
                    />
                    <span className="font-medium">{size.name}</span>
                    <span className={cx('text-xs tabular-nums', checked ? 'text-gray-200' : 'text-gray-600')}>
                      <span className="sr-only">, </span>
                      {size.count}
                      <span className="sr-only">{size.count === 1 ? ' product' : ' products'}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}

      <fieldset>
        <legend className={sectionTitle}>Price (USD)</legend>
        <div className="mt-3 flex items-end gap-2">
          <PriceBound
            id={minId}
            label="Minimum"
            name="min_price"
            value={state.minPrice}
            placeholder={hasPriceSpan ? wholeDollars(price.min, Math.floor) : '0'}
          />
          <span aria-hidden="true" className="pb-3 text-gray-500">
            –
          </span>
          <PriceBound
            id={maxId}
            label="Maximum"
            name="max_price"
            value={state.maxPrice}
            placeholder={hasPriceSpan ? wholeDollars(price.max, Math.ceil) : ''}
          />
        </div>
      </fieldset>

      <button
        type="submit"
        className={`inline-flex min-h-11 items-center justify-center rounded-full bg-gray-900 px-6 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
      >
        Apply filters
      </button>
    </form>
  );
}

/** One end of the price range, in whole or decimal dollars; redrawn when the URL's value changes. */
function PriceBound({
  id,
  label,
  name,
  value,
  placeholder,
}: {
  id: string;
  label: string;
  name: 'min_price' | 'max_price';
  value: number | null;
  placeholder: string;
}) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="block text-xs text-gray-700">
        {label}
      </label>
      <input
        key={`${name}-${value ?? ''}`}
        id={id}
        type="number"
        name={name}
        inputMode="decimal"
        min={0}
        step="any"
        defaultValue={value ?? ''}
        placeholder={placeholder}
        className="mt-1 h-11 w-full rounded-md border border-gray-300 px-3 text-base text-gray-900 placeholder:text-gray-500 focus:border-gray-900 md:text-sm"
      />
    </div>
  );
}

/** "Filters" with the number of filters on, for the buttons that open them. */
function FiltersLabel({ count }: { count: number }) {
  return (
    <>
      <FilterIcon />
      <span>Filters</span>
      {count > 0 ? (
        <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-gray-900 px-1.5 text-xs text-white tabular-nums">
          <span className="sr-only">(</span>
          {count}
          <span className="sr-only"> on)</span>
        </span>
      ) : null}
    </>
  );
}

const loadDrawer = () => import('./filter-drawer-dialog');
const FilterDrawerDialog = lazy(loadDrawer);
const preloadDrawer = () => {
  loadDrawer().catch(() => {
    // fetched again when the drawer is opened
  });
};

const triggerClass = `inline-flex min-h-11 items-center gap-2 rounded-full border border-gray-300 px-4 text-sm font-semibold text-gray-900 hover:border-gray-900 lg:hidden ${focusRing}`;

export type FilterDrawerProps = FilterFormProps & {
  /** id of the filters panel beside the list, shown in its place until the page is interactive */
  panelId: string;
  /** false on the server and until hydration: the button is then a link to the panel */
  interactive: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the result count the drawer's button shows */
  total: number;
  busy: boolean;
};

/**
 * Below 1024 px the filters open in a drawer from a 'Filters' button showing how many are on.
 * Before the page is interactive (or without JavaScript) the button is a link to the filters panel,
 * which the stylesheet then shows full screen.
 */
export function FilterDrawer({ panelId, interactive, open, onOpenChange, total, busy, ...form }: FilterDrawerProps) {
  const count = activeFilterCount(form.state);
  // once opened, the drawer stays mounted, so closing it animates and returns focus as a dialog should
  const drawerShown = useRef(false);
  if (open) drawerShown.current = true;
  if (!interactive) {
    return (
      <a href={`#${panelId}`} className={triggerClass}>
        <FiltersLabel count={count} />
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => onOpenChange(true)}
        onPointerEnter={preloadDrawer}
        onFocus={preloadDrawer}
        className={triggerClass}
      >
        <FiltersLabel count={count} />
      </button>
      {open || drawerShown.current ? (
        // the drawer's code (a dialog) is fetched when it is first opened, or when the pointer comes near
        <Suspense fallback={null}>
          <FilterDrawerDialog open={open} onOpenChange={onOpenChange} total={total} busy={busy} form={form} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The panel beside the list (1024 px and up); below that, shown full screen when its link is followed without JavaScript. */
export function FilterPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <aside
      id={id}
      aria-label="Filters"
      className="hidden lg:block max-lg:target:fixed max-lg:target:inset-0 max-lg:target:z-50 max-lg:target:block max-lg:target:overflow-y-auto max-lg:target:bg-white max-lg:target:px-4 max-lg:target:py-6"
    >
      <div className="mb-6 flex items-center justify-between lg:hidden">
        <h2 className={sectionTitle}>Filters</h2>
        <a href="#main" className={`inline-flex min-h-11 items-center text-sm font-semibold underline ${focusRing}`}>
          Close
        </a>
      </div>
      {children}
    </aside>
  );
}
