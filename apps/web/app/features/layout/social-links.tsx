import type { SocialNetwork } from '@shop/contracts/site';
import type { ReactNode } from 'react';
import { Icon } from '../../components/ui/icons';
import { focusRing } from '../../lib/cx';

type Network = { key: SocialNetwork; name: string; icon: ReactNode };

/** spec 2 "Footer": the shop's social networks (the original labels Instagram "Ins"); their addresses come from the site configuration. */
const NETWORKS: Network[] = [
  {
    key: 'facebook',
    name: 'Facebook',
    icon: (
      <path
        fill="currentColor"
        stroke="none"
        d="M13.4 21v-7.6h2.6l.4-3h-3V8.5c0-.9.3-1.5 1.5-1.5h1.6V4.3c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H7.8v3h2.6V21h3Z"
      />
    ),
  },
  {
    key: 'ins',
    name: 'Instagram',
    icon: (
      <>
        <rect x="3.8" y="3.8" width="16.4" height="16.4" rx="4.8" />
        <circle cx="12" cy="12" r="3.9" />
        <circle cx="16.9" cy="7.1" r="0.9" fill="currentColor" stroke="none" />
      </>
    ),
  },
  {
    key: 'tiktok',
    name: 'TikTok',
    icon: <path d="M13.6 3.5v11.3a3.3 3.3 0 1 1-3.3-3.3M13.6 3.5c.4 2.5 2.2 4.3 4.9 4.5" strokeWidth={2} />,
  },
  {
    key: 'twitter',
    name: 'Twitter',
    icon: (
      <path
        fill="currentColor"
        stroke="none"
        d="M20.8 6.6c-.6.3-1.3.5-2 .6.7-.4 1.3-1.1 1.5-1.9-.7.4-1.4.7-2.2.9a3.5 3.5 0 0 0-6 3.2A9.9 9.9 0 0 1 4.9 5.7a3.5 3.5 0 0 0 1.1 4.7c-.6 0-1.1-.2-1.6-.4 0 1.7 1.2 3.2 2.8 3.5-.5.1-1 .2-1.6.1.5 1.4 1.7 2.4 3.3 2.4A7 7 0 0 1 3.5 17.5 9.9 9.9 0 0 0 8.8 19c6.5 0 10-5.4 10-10v-.5c.8-.5 1.4-1.1 2-1.9Z"
      />
    ),
  },
  {
    key: 'youtube',
    name: 'YouTube',
    icon: (
      <>
        <rect x="2.8" y="5.8" width="18.4" height="12.4" rx="3.6" fill="currentColor" stroke="none" />
        <path d="M10.2 9.3v5.4l4.6-2.7-4.6-2.7Z" fill="#fff" stroke="none" />
      </>
    ),
  },
];

/** Icon links to the shop's social networks that have an address; each opens in a new tab and says so to screen readers. */
export function SocialLinks({ links }: { links: Partial<Record<SocialNetwork, string>> }) {
  const shown = NETWORKS.flatMap((network) => {
    const href = links[network.key];
    return href ? [{ ...network, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map((network) => (
        <li key={network.key}>
          <a
            href={network.href}
            target="_blank"
            rel="noopener noreferrer"
            className={`inline-flex size-11 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-900 transition-colors hover:border-gray-900 hover:bg-gray-900 hover:text-white ${focusRing}`}
          >
            <Icon strokeWidth={1.7}>{network.icon}</Icon>
            <span className="sr-only">{network.name} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
