import { type Country, checkPhone, initialCountry, type PhoneValue } from '@shop/contracts/phone';
import { Popover } from 'radix-ui';
import { type KeyboardEvent, type Ref, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cx } from '../../lib/cx';
import { matchCountries, splitInternational } from './countries';
import { Flag } from './flag';

export type { PhoneValue };

type PhoneInputProps = {
  label?: string;
  id?: string;
  name?: string;
  /** the number without its dial code; omit to let the input keep it */
  value?: string;
  defaultValue?: string;
  /** dial code ('1', '+44') or ISO code of the first country; +86 and unknown codes give the US (spec 2) */
  defaultCountry?: string;
  /** spec 2: reported on every change of the number or the country */
  onChange?: (value: PhoneValue) => void;
  onBlur?: () => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  disabled?: boolean;
};

/** The country code's button: its flag and +dial, opening the searchable list of countries. */
function CountryButton({
  country,
  disabled,
  invalid,
  onPick,
}: {
  country: Country;
  disabled?: boolean;
  invalid: boolean;
  onPick: (country: Country) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          disabled={disabled}
          aria-label={`Country code +${country.dialCode}, ${country.name}`}
          className={cx(
            'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-md border bg-white px-3 text-base text-gray-900 hover:border-gray-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gray-900 disabled:cursor-not-allowed disabled:text-gray-500',
            invalid ? 'border-red-600' : 'border-gray-300',
          )}
        >
          <Flag iso2={country.iso2} eager />
          <span>+{country.dialCode}</span>
          <svg aria-hidden viewBox="0 0 20 20" className="size-4 text-gray-600" fill="currentColor">
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Choose a country"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 flex w-[min(22rem,calc(100vw-1rem))] flex-col rounded-md border border-gray-200 bg-white shadow-lg"
          style={{ maxHeight: 'min(24rem, var(--radix-popover-content-available-height))' }}
        >
          <CountryPicker
            selected={country}
            onPick={(picked) => {
              setOpen(false);
              onPick(picked);
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * spec 2 "Phone input": a country picker (flag image and +dial, searchable popover) beside the number.
 * Every change is checked against the chosen country and marked valid or invalid.
 */
export function PhoneInput({
  label = 'Phone',
  id,
  name,
  value,
  defaultValue = '',
  defaultCountry,
  onChange,
  onBlur,
  error,
  inputRef,
  required,
  disabled,
}: PhoneInputProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-number`;
  const labelId = `${inputId}-label`;
  const statusId = `${inputId}-status`;
  const errorId = `${inputId}-error`;

  const [country, setCountry] = useState<Country>(() => initialCountry(defaultCountry));
  const [ownNumber, setOwnNumber] = useState(defaultValue);
  const number = value ?? ownNumber;

  const check = useMemo(() => checkPhone(country, number), [country, number]);
  const typed = number.trim() !== '';
  const invalid = Boolean(error) || (typed && !check.isValid);

  const report = (nextCountry: Country, nextNumber: string) => onChange?.(checkPhone(nextCountry, nextNumber));

  const describedBy = [error ? errorId : null, typed && !error ? statusId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="flex flex-col gap-1">
      <label id={labelId} htmlFor={inputId} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex gap-2">
        <CountryButton
          country={country}
          disabled={disabled}
          invalid={invalid}
          onPick={(picked) => {
            setCountry(picked);
            report(picked, number);
          }}
        />
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="tel"
          inputMode="tel"
          // HTML allows tel-national only on a form's own phone parts; a browser filling the whole number
          // ("+44 20 …") has it split into the country and the national number by onChange below
          autoComplete="tel"
          required={required}
          disabled={disabled}
          value={number}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            let next = event.target.value;
            let nextCountry = country;
            const international = splitInternational(next);
            if (international) {
              nextCountry = international.country;
              next = international.national;
              setCountry(nextCountry);
            }
            if (value === undefined) setOwnNumber(next);
            report(nextCountry, next);
          }}
          onBlur={onBlur}
          className={cx(
            'min-h-11 w-full min-w-0 rounded-md border bg-white px-3 text-base text-gray-900 placeholder:text-gray-500 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900',
            invalid ? 'border-red-600' : 'border-gray-300',
          )}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={statusId} aria-live="polite" className={cx('min-h-0 text-xs', check.isValid ? 'text-green-800' : 'text-gray-700')}>
          {typed ? (check.isValid ? 'Valid number' : 'Invalid number') : null}
        </p>
      )}
    </div>
  );
}

type CountryPickerProps = {
  selected: Country;
  onPick: (country: Country) => void;
};

/** The popover's search box and country list: a combobox with aria-activedescendant (spec 2). */
function CountryPicker({ selected, onPick }: CountryPickerProps) {
  const baseId = useId();
  const searchId = `${baseId}-search`;
  const listId = `${baseId}-list`;
  const optionId = (country: Country) => `${baseId}-${country.iso2}`;

  const [query, setQuery] = useState('');
  const { preferred, others } = useMemo(() => matchCountries(query), [query]);
  const flat = useMemo(() => [...preferred, ...others], [preferred, others]);
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      flat.findIndex((c) => c.iso2 === selected.iso2),
    ),
  );
  const activeCountry = flat[Math.min(active, flat.length - 1)];
  const listRef = useRef<HTMLDivElement>(null);

  // Keep the highlighted country visible while moving through the list.
  const activeIso = activeCountry?.iso2;
  useEffect(() => {
    if (!activeIso) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-iso="${activeIso}"]`);
    option?.scrollIntoView({ block: 'nearest' });
  }, [activeIso]);

  const move = (to: number) => {
    if (flat.length === 0) return;
    setActive(Math.max(0, Math.min(flat.length - 1, to)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const at = Math.min(active, flat.length - 1);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(at + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(at - 1);
        break;
      case 'PageDown':
        event.preventDefault();
        move(at + 10);
        break;
      case 'PageUp':
        event.preventDefault();
        move(at - 10);
        break;
      case 'Enter':
        event.preventDefault();
        if (activeCountry) onPick(activeCountry);
        break;
    }
  };

  const renderOption = (country: Country) => {
    const isActive = country.iso2 === activeIso;
    const isSelected = country.iso2 === selected.iso2;
    return (
      // Options are picked with the pointer here and with the keyboard through the search box
      // (aria-activedescendant), so they need no key handler of their own.
      // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox input
      <div
        key={country.iso2}
        id={optionId(country)}
        data-iso={country.iso2}
        role="option"
        aria-selected={isSelected}
        tabIndex={-1}
        onPointerMove={() => {
          if (!isActive) setActive(flat.indexOf(country));
        }}
        onClick={() => onPick(country)}
        className={cx(
          'flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm',
          isActive ? 'bg-gray-100' : undefined,
          isSelected ? 'font-semibold' : undefined,
        )}
      >
        <Flag iso2={country.iso2} />
        <span className="min-w-0 flex-1 truncate">{country.name}</span>
        <span className="text-gray-700">+{country.dialCode}</span>
      </div>
    );
  };

  return (
    <>
      <div className="border-b border-gray-200 p-2">
        <label htmlFor={searchId} className="mb-1 block text-xs font-medium text-gray-700">
          Search country
        </label>
        <input
          id={searchId}
          type="text"
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeCountry ? optionId(activeCountry) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Name, code or +dial"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="min-h-10 w-full rounded-md border border-gray-300 px-3 text-base focus:outline-2 focus:outline-offset-1 focus:outline-gray-900"
        />
      </div>
      <div ref={listRef} id={listId} role="listbox" aria-label="Countries" className="min-h-0 flex-1 overflow-y-auto py-1">
        {preferred.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not fieldset
          <div role="group" aria-label="Preferred countries">
            {preferred.map(renderOption)}
          </div>
        ) : null}
        {preferred.length > 0 && others.length > 0 ? <hr aria-hidden className="my-1 border-gray-200" /> : null}
        {others.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not fieldset
          <div role="group" aria-label="All countries">
            {others.map(renderOption)}
          </div>
        ) : null}
      </div>
      <p aria-live="polite" className={flat.length === 0 ? 'px-3 pb-3 text-sm text-gray-700' : 'sr-only'}>
        {flat.length === 0 ? 'No country found' : `${flat.length} countries`}
      </p>
    </>
  );
}
