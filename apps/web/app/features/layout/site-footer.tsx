import { SHOP_NAME } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { focusRing } from '../../lib/cx';
import { COMPANY_LINKS, HELP_CENTRE_LINK, HELP_LINKS, INACTIVE_HELP_ENTRIES } from './links';
import { PaymentBadges } from './payment-badges';
import type { SiteLinks } from './site-links';
import { SocialLinks } from './social-links';

/** spec 2 "Footer" and spec 9: the company's address and how to reach it. */
export const COMPANY_CONTACT = {
  locality: 'Sacramento',
  region: 'California',
  country: 'US',
  phone: '+1 (916) 555-0142',
  phoneHref: 'tel:+19165550142',
  email: 'support@aurelle.shop',
} as const;

const headingClass = 'text-xs font-semibold uppercase tracking-[0.2em] text-gray-950';
const linkClass = `inline-flex min-h-8 items-center text-sm text-gray-700 underline-offset-4 hover:text-gray-950 hover:underline ${focusRing}`;

/**
 * spec 2 "Footer": the newsletter sign-up with its $10 offer (`signup`, composed by the root), help
 * links, company links and contact, social links and the app's download links from the site
 * configuration, payment logos, copyright with the current year.
 */
export function SiteFooter({
  year,
  links,
  signup,
  apps,
}: {
  year: number;
  links: SiteLinks;
  signup?: ReactNode;
  /** "Get the app" (composed by the root: its code comes after the first load) */
  apps?: ReactNode;
}) {
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-50 text-gray-800">
      {signup}
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 md:px-8 lg:grid-cols-[1fr_1fr_1fr_1.35fr]">
        <FooterLinks id="footer-help" title="Help" links={[HELP_CENTRE_LINK, ...HELP_LINKS]} inactive={INACTIVE_HELP_ENTRIES} />
        <FooterLinks id="footer-company" title="Company" links={COMPANY_LINKS} />
        <div className="col-span-2 sm:col-span-1">
          <h2 className={headingClass}>Contact</h2>
          <address className="mt-4 space-y-2 text-sm not-italic text-gray-700">
            <p>
              {SHOP_NAME}
              <br />
              {COMPANY_CONTACT.locality}, {COMPANY_CONTACT.region}, {COMPANY_CONTACT.country}
            </p>
            <p>
              <a href={COMPANY_CONTACT.phoneHref} className={linkClass}>
                {COMPANY_CONTACT.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${COMPANY_CONTACT.email}`} className={linkClass}>
                {COMPANY_CONTACT.email}
              </a>
            </p>
          </address>
        </div>
        <div className="col-span-2 space-y-8 sm:col-span-1">
          <div>
            <h2 className={headingClass}>Follow us</h2>
            <div className="mt-4">
              <SocialLinks links={links.social} />
            </div>
          </div>
          <div>
            <h2 className={headingClass}>We accept</h2>
            <div className="mt-4">
              <PaymentBadges />
            </div>
          </div>
          {apps}
        </div>
      </div>
      <div className="border-t border-gray-200">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-gray-600 md:px-8">
          © {year} {SHOP_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

type FooterLinksProps = {
  id: string;
  title: string;
  links: ReadonlyArray<{ href: string; label: string }>;
  /** entries listed without a page to open (spec 2: not active) */
  inactive?: readonly string[];
};

function FooterLinks({ id, title, links, inactive = [] }: FooterLinksProps) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      <ul className="mt-4 space-y-1">
        {links.map((entry) => (
          <li key={entry.href}>
            <Link to={entry.href} className={linkClass}>
              {entry.label}
            </Link>
          </li>
        ))}
        {inactive.map((label) => (
          <li key={label}>
            {/* spec 2: listed but not active. The ARIA disabled-link pattern: a link role without an address. */}
            {/* biome-ignore lint/a11y/useValidAnchor: a disabled link has nowhere to go */}
            <a
              role="link"
              aria-disabled="true"
              className="inline-flex min-h-8 cursor-not-allowed items-center text-sm text-gray-500"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
