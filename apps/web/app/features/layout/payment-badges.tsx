import type { ReactNode } from 'react';

type Badge = { name: string; body: ReactNode };

const text = { fontFamily: 'Arial, Helvetica, sans-serif', fontWeight: 700 } as const;

/** spec 2 "Footer": accepted payment logos, drawn as small badges (48 × 30). */
const BADGES: Badge[] = [
  {
    name: 'Mastercard',
    body: (
      <>
        <rect width="48" height="30" rx="4" fill="#fff" />
        <circle cx="20" cy="15" r="8.5" fill="#eb001b" />
        <circle cx="28" cy="15" r="8.5" fill="#f79e1b" />
        <path d="M24 7.5a8.5 8.5 0 0 1 0 15 8.5 8.5 0 0 1 0-15Z" fill="#ff5f00" />
      </>
    ),
  },
  {
    name: 'Visa',
    body: (
      <>
        <rect width="48" height="30" rx="4" fill="#fff" />
        <text x="24" y="20" textAnchor="middle" fontSize="13" fontStyle="italic" fill="#1a1f71" {...text}>
          VISA
        </text>
      </>
    ),
  },
  {
    name: 'Discover',
    body: (
      <>
        <rect width="48" height="30" rx="4" fill="#fff" />
        <text x="5" y="18" fontSize="7.4" fill="#231f20" textLength="38" {...text}>
          DISCOVER
        </text>
        <path d="M4 22.5h40" stroke="#ff6000" strokeWidth="2.4" strokeLinecap="round" />
      </>
    ),
  },
  {
    name: 'American Express',
    body: (
      <>
        <rect width="48" height="30" rx="4" fill="#006fcf" />
        <text x="24" y="19" textAnchor="middle" fontSize="10" fill="#fff" letterSpacing="0.5" {...text}>
          AMEX
        </text>
      </>
    ),
  },
  {
    name: 'Klarna',
    body: (
      <>
        <rect width="48" height="30" rx="4" fill="#ffb3c7" />
        <text x="24" y="19.5" textAnchor="middle" fontSize="10.5" fill="#17120f" {...text}>
          Klarna.
        </text>
      </>
    ),
  },
  {
    name: 'DMCA Protected',
    body: (
      <>
        <rect width="48" height="30" rx="4" fill="#1f2937" />
        <text x="24" y="14" textAnchor="middle" fontSize="9" fill="#fff" {...text}>
          DMCA
        </text>
        <text x="24" y="23" textAnchor="middle" fontSize="5" fill="#d1d5db" letterSpacing="0.4" {...text}>
          PROTECTED
        </text>
      </>
    ),
  },
];

export function PaymentBadges() {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {BADGES.map((badge) => (
        <li key={badge.name}>
          <svg
            role="img"
            aria-label={badge.name}
            viewBox="0 0 48 30"
            width={48}
            height={30}
            className="rounded ring-1 ring-gray-300"
          >
            <title>{badge.name}</title>
            {badge.body}
          </svg>
        </li>
      ))}
    </ul>
  );
}
