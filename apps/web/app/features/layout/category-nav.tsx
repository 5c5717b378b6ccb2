import { CATEGORY_TAB_HOVER_DELAY_MS, SUBMENU_CHILD_ICONS } from '@shop/contracts';
import { NavigationMenu } from 'radix-ui';
import { type FocusEvent, type MouseEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cx } from '../../lib/cx';
import { CategoryIcon } from './category-icon';
import { ArrowRightIcon } from './icons';
import { categoryHomeHref, categoryUrlFromPage, classifyHref } from './links';
import type { CategoryNode } from './types';
import { useRememberedTopCategory } from './use-categories';

const tabClass =
  'relative inline-flex h-12 items-center px-1 text-xs font-semibold uppercase tracking-[0.18em] text-gray-800 transition-colors hover:text-gray-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900 after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:origin-center after:transition-transform hover:after:scale-x-100 data-[state=open]:after:scale-x-100 aria-[current=page]:after:scale-x-100';

/** The top category whose home page is on screen (`/home/{url}.html`), if any. */
export function currentTopCategory(pathname: string): string | null {
  const page = /^\/home\/([^/]+)$/.exec(pathname)?.[1];
  return categoryUrlFromPage(page);
}

/**
 * spec 2 "Header": the category tabs (md and up). A tab links to the category's home page; its
 * sub-menu opens when the pointer rests on the tab, or keyboard focus stays on it, for
 * CATEGORY_TAB_HOVER_DELAY_MS; Arrow Down or Tab moves into it, Escape closes it, Enter follows the
 * tab's link. On a touch screen the first tap on a tab opens its sub-menu and a second one follows
 * the link. The tab of the top category on screen is marked as the current page; the one chosen
 * last (spec 4, remembered across visits) is underlined lightly elsewhere.
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
  const viewportRef = useRef<HTMLDivElement>(null);
  const focusTimer = useRef<number | undefined>(undefined);
  const lastPointer = useRef<string>('mouse');
  useEffect(() => () => window.clearTimeout(focusTimer.current), []);
  const current = currentTopCategory(pathname);
  const rememberedUrl = useRememberedTopCategory();
  // a remembered category the shop no longer has is not shown as chosen
  const remembered = categories.some((category) => category.url === rememberedUrl) ? rememberedUrl : null;
  const highlighted = current ?? remembered;

  const openOnKeyboardFocus = (value: string) => (event: FocusEvent<HTMLAnchorElement>) => {
    const from = event.relatedTarget;
    // focus handed back from the sub-menu (Escape, or a link chosen in it) must not reopen it
    if (from instanceof Node && viewportRef.current?.contains(from)) return;
    // a pointer focuses the tab as it clicks; hovering already opens the sub-menu then
    if (!event.currentTarget.matches(':focus-visible')) return;
    window.clearTimeout(focusTimer.current);
    focusTimer.current = window.setTimeout(() => setOpenValue(value), CATEGORY_TAB_HOVER_DELAY_MS);
  };
  const cancelFocusOpen = () => window.clearTimeout(focusTimer.current);

  const notePointer = (event: PointerEvent<HTMLAnchorElement>) => {
    lastPointer.current = event.pointerType;
  };
  // The tab just clicked to visit its category: its sub-menu stays closed until the pointer leaves it,
  // so that a hover still pending from before the click does not cover the page that opens.
  const followedTab = useRef<string | null>(null);
  const onTabClick = (value: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.detail === 0) return;
    if (lastPointer.current === 'mouse' || openValue === value) {
      followedTab.current = value;
      return;
    }
    // A touch has no hover: the first tap shows the sub-menu instead of leaving the page.
    event.preventDefault();
    setOpenValue(value);
  };
  const onTabPointerLeave = () => {
    followedTab.current = null;
  };
  const changeOpen = (value: string) => {
    if (value !== '' && value === followedTab.current) return;
    setOpenValue(value);
  };

  if (categories.length === 0) return null;

  return (
    <NavigationMenu.Root
      value={openValue}
      onValueChange={changeOpen}
      delayDuration={CATEGORY_TAB_HOVER_DELAY_MS}
      aria-label="Shop by category"
      className="hidden border-t border-gray-100 md:block"
    >
      <NavigationMenu.List className="mx-auto flex max-w-7xl items-center justify-center gap-10 px-8">
        {categories.map((category) => {
          const isCurrent = category.url === current;
          const isHighlighted = category.url === highlighted;
          const tabProps = {
            to: categoryHomeHref(category),
            'aria-current': isCurrent ? ('page' as const) : undefined,
            'data-remembered': category.url === remembered ? '' : undefined,
            // the remembered choice (spec 4) is marked lightly; the page on screen strongly
            className: cx(
              tabClass,
              isHighlighted ? 'after:scale-x-100' : 'after:scale-x-0',
              isHighlighted && !isCurrent ? 'after:bg-gray-400' : 'after:bg-gray-900',
            ),
          };
          return (
            <NavigationMenu.Item key={category.id} value={category.url}>
              {category.children.length > 0 ? (
                <>
                  <NavigationMenu.Trigger asChild>
                    <Link
                      {...tabProps}
                      onFocus={openOnKeyboardFocus(category.url)}
                      onBlur={cancelFocusOpen}
                      onPointerDown={notePointer}
                      onPointerLeave={onTabPointerLeave}
                      onClick={onTabClick(category.url)}
                    >
                      {category.name}
                    </Link>
                  </NavigationMenu.Trigger>
                  <NavigationMenu.Content className="w-full">
                    <SubMenu category={category} />
                  </NavigationMenu.Content>
                </>
              ) : (
                <NavigationMenu.Link asChild>
                  <Link {...tabProps}>{category.name}</Link>
                </NavigationMenu.Link>
              )}
            </NavigationMenu.Item>
          );
        })}
      </NavigationMenu.List>
      <div className="absolute inset-x-0 top-full z-40">
        <NavigationMenu.Viewport
          ref={viewportRef}
          className="h-(--radix-navigation-menu-viewport-height) w-full overflow-hidden border-b border-gray-200 bg-white shadow-[0_12px_24px_-12px_rgb(0_0_0/0.18)] transition-[height] duration-200 motion-reduce:transition-none"
        />
      </div>
    </NavigationMenu.Root>
  );
}

function SubMenu({ category }: { category: CategoryNode }) {
  const withIcons = category.children.slice(0, SUBMENU_CHILD_ICONS);
  const more = category.children.slice(SUBMENU_CHILD_ICONS);
  return (
    <div className="mx-auto flex max-w-7xl gap-12 px-8 py-8">
      <div className="flex w-52 shrink-0 flex-col gap-4">
        <p className="font-display text-2xl text-gray-950">{category.name}</p>
        <NavigationMenu.Link asChild>
          <Link
            to={classifyHref(category)}
            className="inline-flex items-center gap-2 self-start text-sm font-semibold text-gray-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
          >
            View all<span className="sr-only"> {category.name}</span>
            <ArrowRightIcon />
          </Link>
        </NavigationMenu.Link>
        {more.length > 0 ? (
          <ul className="mt-2 flex flex-col gap-2 text-sm">
            {more.map((child) => (
              <li key={child.id}>
                <NavigationMenu.Link asChild>
                  <Link
                    to={classifyHref(child)}
                    className="text-gray-700 hover:text-gray-950 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
                  >
                    {child.name}
                  </Link>
                </NavigationMenu.Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ul className="grid flex-1 grid-cols-6 gap-6">
        {withIcons.map((child) => (
          <li key={child.id}>
            <NavigationMenu.Link asChild>
              <Link
                to={classifyHref(child)}
                className="group flex flex-col items-center gap-3 rounded-md p-2 text-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
              >
                <CategoryIcon
                  category={child}
                  size={96}
                  className="ring-1 ring-gray-200 transition group-hover:ring-2 group-hover:ring-gray-900"
                />
                <span className="text-sm text-gray-800 group-hover:text-gray-950 group-hover:underline">{child.name}</span>
              </Link>
            </NavigationMenu.Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
