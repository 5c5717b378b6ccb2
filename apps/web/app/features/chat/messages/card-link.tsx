import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';
import { cx, focusRing } from '../../../lib/cx';

export type CardLinkProps = {
  href: string | null;
  /** open in a new tab (an agent's console keeps its place) */
  newTab: boolean;
  opensInNewTab: string;
  className?: string;
  children: ReactNode;
};

/**
 * A card that leads to a page of the shop: inside the app a client-side link, so a shopper's open
 * chat stays open while the page changes; in a new tab for agents; a plain box without an address.
 */
export function CardLink({ href, newTab, opensInNewTab, className, children }: CardLinkProps) {
  const inRouter = useInRouterContext();
  const classes = cx('block', focusRing, href && 'hover:border-gray-500', className);
  if (!href) return <div className={classes}>{children}</div>;
  if (newTab) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={classes}>
        {children}
        <span className="sr-only">{opensInNewTab}</span>
      </a>
    );
  }
  return inRouter ? (
    <Link to={href} className={classes}>
      {children}
    </Link>
  ) : (
    <a href={href} className={classes}>
      {children}
    </a>
  );
}
