import type { TPlaceSuggestion } from '@shop/contracts/address';
import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { isCancelled } from '../../lib/api';
import { cx } from '../../lib/cx';
import { suggestPlaces } from './address-api';

/** Suggestions are asked for once typing pauses this long (ms). */
export const PLACE_SUGGEST_DEBOUNCE_MS = 300;
/** ...and once the line holds at least this many characters. */
const PLACE_SUGGEST_MIN_LENGTH = 2;

type PlaceFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  hint?: string;
  /** the form's country: its places are suggested first */
  country: string;
  onPick: (place: TPlaceSuggestion) => void;
};

/**
 * The first address line, with place suggestions (GET /api/map/google/address) as the shopper
 * types: a combobox whose list is walked with the arrow keys, picked with Enter or a click, and
 * closed with Escape. Picking a place fills the city, state and country; the street typed before
 * it stays in the line.
 */
export function PlaceField({ label, name, value, onChange, onBlur, inputRef, error, hint, country, onPick }: PlaceFieldProps) {
  const inputId = useId();
  const listId = `${inputId}-places`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [places, setPlaces] = useState<TPlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // only what the shopper types is looked up (not the saved line of an address being edited, nor a pick)
  const typed = useRef(false);
  const query = value.trim();

  useEffect(() => {
    if (!typed.current) return;
    if (query.length < PLACE_SUGGEST_MIN_LENGTH) {
      setPlaces([]);
      setOpen(false);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      suggestPlaces(query, country).then(
        (page) => {
          if (!current) return;
          setPlaces(page.data);
          setOpen(page.data.length > 0);
          setActive(-1);
        },
        (error: unknown) => {
          if (current && !isCancelled(error)) setOpen(false);
        },
      );
    }, PLACE_SUGGEST_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query, country]);

  const pick = (place: TPlaceSuggestion) => {
    typed.current = false;
    setOpen(false);
    setPlaces([]);
    setActive(-1);
    onPick(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (places.length === 0) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((at) => (at + 1) % places.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((at) => (at <= 0 ? places.length - 1 : at - 1));
        break;
      case 'Enter': {
        const place = open ? places[active] : undefined;
        if (place) {
          event.preventDefault();
          pick(place);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  const optionId = (at: number) => `${listId}-${at}`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="address-line1"
          value={value}
          onChange={(event) => {
            typed.current = true;
            onChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            onBlur();
          }}
          className={cx(
            'min-h-11 w-full rounded-md border bg-white px-3 text-base text-gray-900 placeholder:text-gray-500 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900',
            error ? 'border-red-600' : 'border-gray-300',
          )}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Suggested places"
          hidden={!open}
          className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          {places.map((place, at) => (
            // Options are picked with the pointer here and with the keyboard through the input
            // (aria-activedescendant), so they need no key handler of their own.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox input
            <div
              key={place.id}
              id={optionId(at)}
              role="option"
              tabIndex={-1}
              aria-selected={at === active}
              // keep the focus in the input while the pointer picks
              onMouseDown={(event) => event.preventDefault()}
              onPointerMove={() => setActive(at)}
              onClick={() => pick(place)}
              className={cx(
                'flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm',
                at === active && 'bg-gray-100',
              )}
            >
              <span className="font-medium text-gray-950">{place.main_text}</span>
              {place.secondary_text ? <span className="text-xs text-gray-700">{place.secondary_text}</span> : null}
            </div>
          ))}
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {open ? `${places.length} ${places.length === 1 ? 'place' : 'places'} suggested, use the arrow keys to choose` : ''}
      </p>
    </div>
  );
}
