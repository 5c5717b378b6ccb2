import {
  type ButtonHTMLAttributes,
  createContext,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
} from 'react';

/**
 * Tabs after the WAI-ARIA tabs pattern, in a few lines instead of a primitives library on the pages
 * that show them at once (/login, MyOrder): a tablist of buttons with one tab stop, the arrow keys
 * (Left and Right, Home and End, wrapping around) moving between them, and panels labelled by
 * their tab. With `activation="automatic"` a tab is chosen when it gets the focus; with "manual",
 * by Enter, Space or a click. The attributes (`data-state`, `aria-selected`, `aria-controls`) are
 * the ones the styles and tests read.
 */

type TabsContextValue = {
  baseId: string;
  value: string;
  choose: (value: string) => void;
  activation: 'automatic' | 'manual';
};

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error('A tab is used outside its Tabs');
  return context;
}

const idOf = (baseId: string, part: 'tab' | 'panel', value: string) => `${baseId}-${part}-${value}`;

export function Tabs({
  value,
  onValueChange,
  activation = 'automatic',
  className,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  activation?: 'automatic' | 'manual';
  className?: string;
  children: ReactNode;
}) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ baseId, value, choose: onValueChange, activation }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

/** The keys that move between tabs, and where each one goes. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabList({ children, ...rest }: HTMLAttributes<HTMLDivElement> & { 'aria-label': string }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    tabs[move(index, tabs.length)]?.focus();
  };
  return (
    <div role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown} {...rest}>
      {children}
    </div>
  );
}

export function Tab({
  value,
  children,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value'> & { value: string }) {
  const { baseId, value: chosen, choose, activation } = useTabs();
  const selected = value === chosen;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(baseId, 'tab', value)}
      aria-selected={selected}
      aria-controls={idOf(baseId, 'panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      {...rest}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // a primary press chooses at once; any other press must not move the focus (and so the choice)
        if (event.button === 0 && !event.ctrlKey) choose(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Enter' || event.key === ' ') choose(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!selected && activation === 'automatic') choose(value);
      }}
    >
      {children}
    </button>
  );
}

/** A tab's panel; `keepMounted` keeps an inactive panel in the document (hidden by its styles). */
export function TabPanel({
  value,
  keepMounted = false,
  children,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { value: string; keepMounted?: boolean }) {
  const { baseId, value: chosen } = useTabs();
  const selected = value === chosen;
  if (!selected && !keepMounted) return null;
  return (
    <div
      role="tabpanel"
      id={idOf(baseId, 'panel', value)}
      aria-labelledby={idOf(baseId, 'tab', value)}
      data-state={selected ? 'active' : 'inactive'}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes a panel a tab stop, so the keyboard reaches a panel whose text has no link
      tabIndex={0}
      {...rest}
    >
      {children}
    </div>
  );
}
