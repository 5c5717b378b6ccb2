import { CATEGORY_TAB_HOVER_DELAY_MS, SUBMENU_CHILD_ICONS } from '@shop/contracts';
import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useLocation } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/icons';
import { cx, focusRing } from '../../lib/cx';
import { CategoryIcon } from './category-icon';
import { categoryHomeHref, categoryUrlFromPage, classifyHref } from './links';
import type { CategoryNode } from './types';
import { useRememberedTopCategory } from './use-categories';

const tabClass = `relative inline-flex h-12 items-center px-1 text-xs font-semibold uppercase tracking-[0.18em] text-gray-800 transition-colors hover:text-gray-950 ${focusRing} after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:origin-center after:transition-transform hover:after:scale-x-100 data-[state=open]:after:scale-x-100 aria-[current=page]:after:scale-x-100`;

/** Once a sub-menu has been open, another tab's opens without the hover delay for this long. */
const SKIP_DELAY_MS = 300;
/** A sub-menu the pointer has left closes after this long, so the way from a tab into it keeps it open. */
const CLOSE_DELAY_MS = 150;

const TAB_SELECTOR = '[data-category-tab]';
const PREVIOUS_KEYS = ['ArrowLeft', 'ArrowUp'];
const NEXT_KEYS = ['ArrowRight', 'ArrowDown'];

/** The top category whose home page is on screen (`/home/{url}.html`), if any. */
export function currentTopCategory(pathname: string): string | null {
  const page = /^\/home\/([^/]+)$/.exec(pathname)?.[1];
  return categoryUrlFromPage(page);
}

/** The element of `elements` the key moves to from `from`: no wrapping at either end. */
function moveTarget(elements: HTMLElement[], from: Element, key: string): HTMLElement | undefined {
  const index = elements.indexOf(from as HTMLElement);
  if (key === 'Home') return elements[0];
  if (key === 'End') return elements.at(-1);
  if (PREVIOUS_KEYS.includes(key)) return index > 0 ? elements[index - 1] : undefined;
  if (NEXT_KEYS.includes(key)) return elements[index + 1];
  return undefined;
}

const stopTimers = (...timers: RefObject<number | undefined>[]) => {
  for (const timer of timers) window.clearTimeout(timer.current);
};

const isMoveKey = (event: KeyboardEvent) =>
  !event.altKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  !event.shiftKey &&
  ['Home', 'End', ...PREVIOUS_KEYS, ...NEXT_KEYS].includes(event.key);

/**
 * spec 2 "Header": the category tabs (md and up), plain links that work without JavaScript. A tab
 * links to the category's home page; its sub-menu opens when the pointer rests on the tab, or
 * keyboard focus stays on it, for CATEGORY_TAB_HOVER_DELAY_MS; Arrow Down or Tab moves into it,
 * Escape closes it, Enter follows the tab's link, the arrow keys move along the tabs and through
 * the sub-menu's links. On a touch screen the first tap on a tab opens its sub-menu and a second one
 * follows the link. The tab of the top category on screen is marked as the current page; the one
 * chosen last (spec 4, remembered across visits) is underlined lightly elsewhere.
 */
export function CategoryNav({ categories }: { categories: CategoryNode[] }) {
  const [openValue, setOpenValue] = useState('');
  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    // a navigation happened while a sub-menu was open: close it
    setShownFor(pathname);
    setOpenValue('');
  }
  const baseId = useId();
  const tabId = (value: string) => `${baseId}-tab-${value}`;
  const panelId = (value: string) => `${baseId}-panel-${value}`;
  const navRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const openTimer = useRef<number | undefined>(undefined);
  const focusTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);
  const closedAt = useRef(Number.NEGATIVE_INFINITY);
  const lastPointer = useRef<string>('mouse');
  // the tab under the mouse that has already asked for its sub-menu
  const hoverAsked = useRef<string | null>(null);
  // The tab just clicked to visit its category, or whose sub-menu Escape closed: resting the pointer
  // on it does not open its sub-menu again until the pointer has left it and come back.
  const heldClosed = useRef<string | null>(null);
  // the sub-menu about to open takes the keyboard focus (Arrow Down on a closed tab)
  const enterOnOpen = useRef(false);

  const current = currentTopCategory(pathname);
  const rememberedUrl = useRememberedTopCategory();
  // a remembered category the shop no longer has is not shown as chosen
  const remembered = categories.some((category) => category.url === rememberedUrl) ? rememberedUrl : null;
  const highlighted = current ?? remembered;

  const clearTimers = () => stopTimers(openTimer, focusTimer, closeTimer);
  useEffect(() => () => stopTimers(openTimer, focusTimer, closeTimer), []);

  const show = (value: string) => {
    clearTimers();
    setOpenValue(value);
  };
  const close = () => {
    clearTimers();
    setOpenValue('');
  };
  const closeSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpenValue(''), CLOSE_DELAY_MS);
  };
  const focusTab = (value: string) => document.getElementById(tabId(value))?.focus();
  const panelLinks = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>('a[href]') ?? []);

  // when the last sub-menu closed, for opening the next one without the delay
  useEffect(() => {
    if (!openValue) return;
    return () => {
      closedAt.current = performance.now();
    };
  }, [openValue]);

  useEffect(() => {
    if (!openValue) return;
    if (enterOnOpen.current) {
      enterOnOpen.current = false;
      panelLinks()[0]?.focus();
    }
    // Escape anywhere closes the sub-menu, handing the focus back to its tab when it was inside;
    // pressing the pointer outside the tabs and the sub-menu closes it too.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (panelRef.current?.contains(document.activeElement)) focusTab(openValue);
      heldClosed.current = openValue;
      close();
    };
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && navRef.current?.contains(event.target)) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  });

  const openOnKeyboardFocus = (value: string) => (event: FocusEvent<HTMLAnchorElement>) => {
    const from = event.relatedTarget;
    // focus handed back from this tab's own sub-menu (Escape, Shift+Tab, a link chosen in it) must not reopen it
    if (from instanceof Node && event.currentTarget.parentElement?.contains(from)) return;
    // a pointer focuses the tab as it clicks; hovering already opens the sub-menu then
    if (!event.currentTarget.matches(':focus-visible')) return;
    window.clearTimeout(focusTimer.current);
    focusTimer.current = window.setTimeout(() => show(value), CATEGORY_TAB_HOVER_DELAY_MS);
  };
  const cancelFocusOpen = () => window.clearTimeout(focusTimer.current);

  const onTabPointerEnter = () => {
    heldClosed.current = null;
  };
  const onTabPointerMove = (value: string) => (event: PointerEvent<HTMLAnchorElement>) => {
    if (event.pointerType !== 'mouse' || hoverAsked.current === value || heldClosed.current === value) return;
    hoverAsked.current = value;
    window.clearTimeout(openTimer.current);
    if (openValue === value) {
      window.clearTimeout(closeTimer.current);
    } else if (openValue !== '' || performance.now() - closedAt.current < SKIP_DELAY_MS) {
      show(value);
    } else {
      openTimer.current = window.setTimeout(() => show(value), CATEGORY_TAB_HOVER_DELAY_MS);
    }
  };
  const onTabPointerLeave = (event: PointerEvent<HTMLAnchorElement>) => {
    if (event.pointerType !== 'mouse') return;
    hoverAsked.current = null;
    window.clearTimeout(openTimer.current);
    if (openValue !== '') closeSoon();
  };
  const notePointer = (event: PointerEvent<HTMLAnchorElement>) => {
    lastPointer.current = event.pointerType;
  };
  const onTabClick = (value: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Enter follows the link
    if (event.detail === 0) {
      close();
      return;
    }
    if (lastPointer.current === 'mouse' || openValue === value) {
      heldClosed.current = value;
      close();
      return;
    }
    // A touch has no hover: the first tap shows the sub-menu instead of leaving the page.
    event.preventDefault();
    show(value);
  };

  const onTabKeyDown = (value: string | null) => (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (!isMoveKey(event)) return;
    if (event.key === 'ArrowDown' && value !== null) {
      event.preventDefault();
      heldClosed.current = null;
      if (openValue === value) {
        panelLinks()[0]?.focus();
      } else {
        enterOnOpen.current = true;
        show(value);
      }
      return;
    }
    const tabs = Array.from(navRef.current?.querySelectorAll<HTMLElement>(TAB_SELECTOR) ?? []);
    const target = moveTarget(tabs, event.currentTarget, event.key);
    event.preventDefault();
    target?.focus();
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (!isMoveKey(event)) return;
    const target = moveTarget(panelLinks(), event.currentTarget, event.key);
    event.preventDefault();
    target?.focus();
  };
  // a link chosen in the sub-menu closes it; the focus goes back to the tab, not to the page's start
  const onPanelClick = (value: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey) return;
    if (panelRef.current?.contains(document.activeElement)) focusTab(value);
    close();
  };
  const onNavBlur = (event: FocusEvent<HTMLElement>) => {
    const to = event.relatedTarget;
    if (openValue !== '' && to instanceof Node && !event.currentTarget.contains(to)) close();
  };

  if (categories.length === 0) return null;

  return (
    <nav ref={navRef} aria-label="Shop by category" className="hidden border-t border-gray-100 md:block" onBlur={onNavBlur}>
      <ul className="mx-auto flex max-w-7xl items-center justify-center gap-10 px-8">
        {categories.map((category) => {
          const isCurrent = category.url === current;
          const isHighlighted = category.url === highlighted;
          const hasMenu = category.children.length > 0;
          const open = hasMenu && openValue === category.url;
          const tabProps = {
            to: categoryHomeHref(category),
            'data-category-tab': '',
            'aria-current': isCurrent ? ('page' as const) : undefined,
            'data-remembered': category.url === remembered ? '' : undefined,
            onKeyDown: onTabKeyDown(hasMenu ? category.url : null),
            // the remembered choice (spec 4) is marked lightly; the page on screen strongly
            className: cx(
              tabClass,
              isHighlighted ? 'after:scale-x-100' : 'after:scale-x-0',
              isHighlighted && !isCurrent ? 'after:bg-gray-400' : 'after:bg-gray-900',
            ),
          };
          return (
            <li key={category.id}>
              {hasMenu ? (
                <>
                  <Link
                    {...tabProps}
                    id={tabId(category.url)}
                    aria-expanded={open}
                    aria-controls={open ? panelId(category.url) : undefined}
                    data-state={open ? 'open' : 'closed'}
                    onFocus={openOnKeyboardFocus(category.url)}
                    onBlur={cancelFocusOpen}
                    onPointerDown={notePointer}
                    onPointerEnter={onTabPointerEnter}
                    onPointerMove={onTabPointerMove(category.url)}
                    onPointerLeave={onTabPointerLeave}
                    onClick={onTabClick(category.url)}
                  >
                    {category.name}
                  </Link>
                  {open ? (
                    <SubMenuPanel
                      id={panelId(category.url)}
                      panelRef={panelRef}
                      category={category}
                      onPointerEnter={() => window.clearTimeout(closeTimer.current)}
                      onPointerLeave={(event) => {
                        if (event.pointerType === 'mouse') closeSoon();
                      }}
                      onKeyDown={onPanelKeyDown}
                      onClick={onPanelClick(category.url)}
                    />
                  ) : null}
                </>
              ) : (
                <Link {...tabProps}>{category.name}</Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

type SubMenuPanelProps = {
  id: string;
  panelRef: RefObject<HTMLDivElement | null>;
  category: CategoryNode;
  onPointerEnter: () => void;
  onPointerLeave: (event: PointerEvent<HTMLDivElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => void;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/**
 * A tab's sub-menu, right after the tab in the document (so Tab moves from the tab into it) and
 * spread under the whole header: "View all", the first SUBMENU_CHILD_ICONS children with their
 * icons, the rest as plain links.
 */
function SubMenuPanel({ id, panelRef, category, onPointerEnter, onPointerLeave, onKeyDown, onClick }: SubMenuPanelProps) {
  const withIcons = category.children.slice(0, SUBMENU_CHILD_ICONS);
  const more = category.children.slice(SUBMENU_CHILD_ICONS);
  return (
    <div
      id={id}
      ref={panelRef}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      className="absolute inset-x-0 top-full z-40 border-b border-gray-200 bg-white shadow-[0_12px_24px_-12px_rgb(0_0_0/0.18)]"
    >
      <div className="mx-auto flex max-w-7xl gap-12 px-8 py-8">
        <div className="flex w-52 shrink-0 flex-col gap-4">
          <p className="font-display text-2xl text-gray-950">{category.name}</p>
          <Link
            to={classifyHref(category)}
            onKeyDown={onKeyDown}
            onClick={onClick}
            className={`inline-flex items-center gap-2 self-start text-sm font-semibold text-gray-900 underline-offset-4 hover:underline ${focusRing}`}
          >
            View all<span className="sr-only"> {category.name}</span>
            <ArrowRightIcon />
          </Link>
          {more.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {more.map((child) => (
                <li key={child.id}>
                  <Link
                    to={classifyHref(child)}
                    onKeyDown={onKeyDown}
                    onClick={onClick}
                    className={`text-gray-700 hover:text-gray-950 hover:underline ${focusRing}`}
                  >
                    {child.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <ul className="grid flex-1 grid-cols-6 gap-6">
          {withIcons.map((child) => (
            <li key={child.id}>
              <Link
                to={classifyHref(child)}
                onKeyDown={onKeyDown}
                onClick={onClick}
                className={`group flex flex-col items-center gap-3 rounded-md p-2 text-center ${focusRing}`}
              >
                <CategoryIcon
                  category={child}
                  size={96}
                  className="ring-1 ring-gray-200 transition group-hover:ring-2 group-hover:ring-gray-900"
                />
                <span className="text-sm text-gray-800 group-hover:text-gray-950 group-hover:underline">{child.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
