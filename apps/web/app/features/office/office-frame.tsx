import type { TStaffInfo } from '@shop/contracts/auth';
import { ROLE_LABELS } from '@shop/contracts/permissions';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cx } from '../../lib/cx';
import { signOutStaff } from '../chat-console';
import { areasFor, OFFICE_LOGIN_PATH, OFFICE_PATH } from './areas';

/**
 * The back office's frame: the shop's name, who is signed in with their role, the areas the role
 * may open and the page. A side menu on wide screens; on a phone the menu is a row that scrolls.
 */
export function OfficeFrame({ staff, children }: { staff: TStaffInfo; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-gray-50 print:min-h-0 print:bg-white">
      <a
        href="#office-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-gray-200 bg-white print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href={OFFICE_PATH} className="text-lg font-semibold text-gray-900">
            Back office
          </a>
          <div className="flex items-center gap-3 text-sm">
            <span className="text-gray-700">
              <span className="font-semibold text-gray-900">{staff.nickname || staff.username}</span>{' '}
              <span className="text-gray-600">· {ROLE_LABELS[staff.role]}</span>
            </span>
            <button
              type="button"
              onClick={() => void signOutStaff(OFFICE_LOGIN_PATH)}
              className="inline-flex min-h-11 items-center rounded-md px-3 text-gray-800 underline underline-offset-4 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-gray-900"
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-7xl grid-cols-1 content-start gap-6 px-4 py-6 md:grid-cols-[200px_minmax(0,1fr)] print:block print:max-w-none print:p-0">
        <nav aria-label="Back office" className="min-w-0 print:hidden">
          <ul className="flex gap-2 overflow-x-auto md:flex-col md:gap-1">
            {areasFor(staff.role).map((area) => (
              <li key={area.path}>
                <NavLink
                  to={area.path}
                  end={area.end}
                  className={({ isActive }) =>
                    cx(
                      'flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm focus-visible:outline-2 focus-visible:outline-gray-900',
                      isActive ? 'bg-gray-900 font-semibold text-white' : 'text-gray-800 hover:bg-gray-200',
                    )
                  }
                >
                  {area.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="office-main" className="min-w-0">
          {children}
        </main>
      </div>
    </div>
  );
}

/** What a page shows when the role may not do its work (the server refuses it as well). */
export function NotAllowed({ what }: { what: string }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-6">
      <h1 className="text-xl font-semibold text-gray-900">Not available to your role</h1>
      <p className="mt-2 text-sm text-gray-700">Your role does not include {what}. An administrator can change your role.</p>
    </section>
  );
}
