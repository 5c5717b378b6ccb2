import type { ReactNode } from 'react';
import type { ContactOutcome } from './contact-api';

export const linkClass = 'text-gray-900 underline underline-offset-2 hover:text-gray-600 break-words';
export const smallButton = 'min-h-9 px-2.5 text-xs';

/** Says what an action on the contact came to, and reloads the panel after one that worked; true when it did. */
export type Report = (outcome: Promise<ContactOutcome>) => Promise<boolean>;

/** One titled part of the contact panel. */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-3">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase">{title}</h3>
      {children}
    </div>
  );
}

/** A titled part listing items, or saying there are none. */
export function PartList<T>({
  title,
  items,
  empty,
  gap = 'gap-1',
  children,
}: {
  title: string;
  items: T[];
  /** shown when there are no items */
  empty: string;
  gap?: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <Part title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-gray-600">{empty}</p>
      ) : (
        <ul className={`flex flex-col ${gap}`}>{items.map(children)}</ul>
      )}
    </Part>
  );
}
