import { CODE_OK, type Envelope } from '@shop/contracts';
import type { TSuggestions } from '@shop/contracts/catalog';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { Price } from '../../components/product/price';
import { ProductImage } from '../../components/product/product-image';
import { SearchIcon } from '../../components/ui/icons';
import { buildUrl } from '../../lib/api';
import { cx } from '../../lib/cx';
import { productPath } from '../../lib/seo';
import { classifyHref, SEARCH_PATH } from './links';

const SUGGEST_PATH = '/shop/goods/suggest';
/** Suggestions are asked for once typing pauses this long. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Fewer characters than this match too much to be worth suggesting. */
const SUGGEST_MIN_LENGTH = 2;
/** The longest search text the API accepts. */
const KEYWORD_MAX_LENGTH = 100;
/** Answers kept for this many keywords, so deleting back to an earlier text shows its suggestions at once. */
const REMEMBERED_KEYWORDS = 30;

type Suggestion = {
  id: string;
  kind: 'category' | 'product';
  href: string;
  name: string;
  image?: string;
  price?: number;
};

const remembered = new Map<string, TSuggestions>();

function remember(keyword: string, suggestions: TSuggestions) {
  remembered.delete(keyword);
  remembered.set(keyword, suggestions);
  if (remembered.size > REMEMBERED_KEYWORDS) {
    const oldest = remembered.keys().next().value;
    if (oldest !== undefined) remembered.delete(oldest);
  }
}

/**
 * GET /shop/goods/suggest, outside the API client: the call must be abortable when the shopper
 * types on, needs no sign-in, and a failure only means no suggestions (no toast).
 */
async function fetchSuggestions(keyword: string, signal: AbortSignal): Promise<TSuggestions | null> {
  const response = await fetch(buildUrl(SUGGEST_PATH, { keyword }), { signal, headers: { accept: 'application/json' } });
  const envelope = (await response.json()) as Envelope<TSuggestions>;
  return envelope.code === CODE_OK ? envelope.result : null;
}

/** The search text the results page shows, for the box to show it too. */
function keywordOf(pathname: string, search: string): string {
  return pathname === SEARCH_PATH ? (new URLSearchParams(search).get('keyword') ?? '') : '';
}

/**
 * spec 2 "Header": the search box. It submits `keyword` to the search results page (searchPage),
 * also without JavaScript. As the shopper types, matching categories and products are suggested
 * under it (the ARIA combobox pattern): arrow keys move through them, Enter opens the one chosen or
 * searches, Escape closes the list.
 */
export function SearchForm({ className, onSubmit }: { className?: string; onSubmit?: () => void }) {
  const inputId = useId();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const urlKeyword = keywordOf(location.pathname, location.search);

  const [value, setValue] = useState(urlKeyword);
  const [found, setFound] = useState<{ keyword: string; suggestions: TSuggestions } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The box follows the address: the results page's keyword, nothing elsewhere; a new page closes the list.
  const [shownFor, setShownFor] = useState({ keyword: urlKeyword, key: location.key });
  if (shownFor.keyword !== urlKeyword || shownFor.key !== location.key) {
    setShownFor({ keyword: urlKeyword, key: location.key });
    if (shownFor.keyword !== urlKeyword) setValue(urlKeyword);
    setOpen(false);
    setActive(-1);
  }

  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  const show = (keyword: string, suggestions: TSuggestions) => {
    setFound({ keyword, suggestions });
    setActive(-1);
    setOpen(document.activeElement === inputRef.current);
  };

  /** Asks for suggestions once typing pauses; an older request still running is aborted, so its answer never shows. */
  const suggest = (text: string) => {
    window.clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
    const keyword = text.trim().slice(0, KEYWORD_MAX_LENGTH);
    if (keyword.length < SUGGEST_MIN_LENGTH) {
      setFound(null);
      setOpen(false);
      return;
    }
    const known = remembered.get(keyword.toLowerCase());
    if (known) {
      show(keyword, known);
      return;
    }
    timer.current = window.setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      fetchSuggestions(keyword, controller.signal).then(
        (suggestions) => {
          if (controller.signal.aborted) return;
          inFlight.current = null;
          if (!suggestions) return;
          remember(keyword.toLowerCase(), suggestions);
          show(keyword, suggestions);
        },
        () => {
          // aborted, or the network is down: no suggestions, and the search button still works
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
  };

  const options: Suggestion[] = found
    ? [
        ...found.suggestions.categories.map((category) => ({
          id: `${listboxId}-category-${category.id}`,
          kind: 'category' as const,
          href: classifyHref(category),
          name: category.name,
        })),
        ...found.suggestions.goods.map((goods) => ({
          id: `${listboxId}-product-${goods.id}`,
          kind: 'product' as const,
          href: productPath(goods.url),
          name: goods.name,
          image: goods.image,
          price: goods.min_price,
        })),
      ]
    : [];
  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;

  const activeId = activeOption?.id;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const choose = (option: Suggestion) => {
    setOpen(false);
    setActive(-1);
    onSubmit?.();
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const down = event.key === 'ArrowDown';
      if (!open) {
        setOpen(true);
        setActive(down ? 0 : options.length - 1);
        return;
      }
      setActive((current) => (down ? (current + 1) % options.length : current <= 0 ? options.length - 1 : current - 1));
    } else if (event.key === 'Enter') {
      if (activeOption) {
        event.preventDefault();
        choose(activeOption);
      }
      // otherwise the form submits the search
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const categories = options.filter((option) => option.kind === 'category');
  const products = options.filter((option) => option.kind === 'product');
  const renderOption = (option: Suggestion) => {
    const selected = option === activeOption;
    return (
      // Options are picked with the pointer here and with the keyboard through the search box
      // (aria-activedescendant), so they need no key handler of their own.
      // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox input
      <div
        key={option.id}
        id={option.id}
        role="option"
        aria-selected={selected}
        tabIndex={-1}
        // keep the focus in the box, so the list stays open until the choice is made
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(option)}
        className={cx(
          'flex min-h-11 cursor-pointer items-center gap-3 px-4 py-1.5 text-sm text-gray-900',
          selected ? 'bg-gray-100' : 'hover:bg-gray-50',
        )}
      >
        {option.kind === 'product' ? (
          <>
            <span className="relative block h-12 w-9 shrink-0 overflow-hidden rounded bg-gray-100">
              {option.image ? (
                <ProductImage url={option.image} alt="" width={36} height={48} className="absolute inset-0 size-full" />
              ) : null}
            </span>
            <span className="min-w-0 flex-1 truncate">{option.name}</span>
            {option.price !== undefined ? <Price usd={option.price} className="shrink-0 text-gray-700" /> : null}
          </>
        ) : (
          <>
            <SearchIcon width={16} height={16} className="shrink-0 text-gray-500" />
            <span className="min-w-0 flex-1 truncate font-medium">{option.name}</span>
          </>
        )}
      </div>
    );
  };

  const status = open && found ? (options.length > 0 ? `${options.length} suggestions` : 'No suggestions') : '';

  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      onSubmit={() => {
        setOpen(false);
        onSubmit?.();
      }}
      className={cx('relative', className)}
    >
      <label htmlFor={inputId} className="sr-only">
        Search
      </label>
      <input
        ref={inputRef}
        id={inputId}
        // a combobox is a text input: HTML gives type=search its own role (searchbox), which no ARIA role may replace
        type="text"
        name="keyword"
        required
        maxLength={KEYWORD_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search the shop"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          suggest(event.target.value);
        }}
        onFocus={() => {
          if (found && found.keyword === value.trim()) setOpen(true);
        }}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className="h-11 w-full rounded-full border border-gray-300 bg-gray-50 pr-12 pl-5 text-base text-gray-900 placeholder:text-gray-600 focus:border-gray-900 focus:bg-white focus:outline-2 focus:outline-offset-2 focus:outline-gray-900 md:text-sm"
      />
      <button
        type="submit"
        aria-label="Submit search"
        className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-full text-gray-700 hover:text-gray-950 focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-gray-900"
      >
        <SearchIcon />
      </button>
      <span role="status" className="sr-only">
        {status}
      </span>
      <div
        className={cx(
          'absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-2xl border border-gray-200 bg-white text-left shadow-xl',
          open && found ? undefined : 'hidden',
        )}
      >
        <div
          id={listboxId}
          role="listbox"
          aria-label="Search suggestions"
          hidden={!expanded}
          className="max-h-[min(28rem,70vh)] overflow-y-auto py-2"
        >
          {categories.length > 0 ? (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not fieldset
            <div role="group" aria-labelledby={`${listboxId}-categories`}>
              <div
                role="presentation"
                id={`${listboxId}-categories`}
                className="px-4 pt-1 pb-1 text-xs font-semibold uppercase tracking-[0.18em] text-gray-600"
              >
                Categories
              </div>
              {categories.map(renderOption)}
            </div>
          ) : null}
          {products.length > 0 ? (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not fieldset
            <div role="group" aria-labelledby={`${listboxId}-products`} className={categories.length > 0 ? 'mt-2' : undefined}>
              <div
                role="presentation"
                id={`${listboxId}-products`}
                className="px-4 pt-1 pb-1 text-xs font-semibold uppercase tracking-[0.18em] text-gray-600"
              >
                Products
              </div>
              {products.map(renderOption)}
            </div>
          ) : null}
        </div>
        {found && options.length === 0 ? (
          <p className="px-4 py-3 text-sm text-gray-700">
            No suggestions for “{found.keyword}”. Press Enter to search all products.
          </p>
        ) : null}
      </div>
    </Form>
  );
}
