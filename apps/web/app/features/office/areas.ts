import { type Permission, roleMay } from '@shop/contracts/permissions';

/**
 * The back office's areas (issue "back office", decision 0037): each names the permission its
 * work needs, and the menu offers only what the signed-in role holds. The server refuses the
 * rest anyway; the menu just does not offer it.
 */

export const OFFICE_PATH = '/office';
export const OFFICE_LOGIN_PATH = '/office/login';

export type OfficeArea = {
  path: string;
  label: string;
  /** null: every staff member */
  permission: Permission | null;
  /** the area's own path only (the dashboard), not the paths under it */
  end?: boolean;
};

export const OFFICE_AREAS: readonly OfficeArea[] = [
  { path: OFFICE_PATH, label: 'Dashboard', permission: null, end: true },
  { path: `${OFFICE_PATH}/orders`, label: 'Orders', permission: 'orders.view' },
  { path: `${OFFICE_PATH}/returns`, label: 'Returns', permission: 'orders.view' },
  { path: `${OFFICE_PATH}/customers`, label: 'Customers', permission: 'customers.view' },
  { path: `${OFFICE_PATH}/catalog`, label: 'Catalogue', permission: 'catalog.edit' },
  { path: `${OFFICE_PATH}/coupons`, label: 'Coupons', permission: 'coupons.manage' },
  { path: `${OFFICE_PATH}/reviews`, label: 'Reviews', permission: 'reviews.moderate' },
  { path: `${OFFICE_PATH}/home-pages`, label: 'Home pages', permission: 'catalog.edit' },
  { path: `${OFFICE_PATH}/content`, label: 'Help pages', permission: 'content.edit' },
  { path: `${OFFICE_PATH}/site`, label: 'Site settings', permission: 'content.edit' },
  { path: `${OFFICE_PATH}/support`, label: 'Chat settings', permission: 'chat.configure' },
  { path: `${OFFICE_PATH}/quick-replies`, label: 'Quick replies', permission: 'chat.answer' },
  { path: `${OFFICE_PATH}/knowledge-base`, label: 'Knowledge base', permission: 'chat.answer' },
  { path: `${OFFICE_PATH}/feedback`, label: 'Feedback', permission: 'feedback.view' },
  { path: `${OFFICE_PATH}/chat-reports`, label: 'Chat reports', permission: 'chat.reports' },
  { path: `${OFFICE_PATH}/requests`, label: 'Requests', permission: 'requests.handle' },
  { path: `${OFFICE_PATH}/mail`, label: 'Mail outbox', permission: 'mail.view' },
  { path: `${OFFICE_PATH}/staff`, label: 'Staff', permission: 'staff.manage' },
  { path: `${OFFICE_PATH}/audit`, label: 'Audit trail', permission: 'audit.view' },
  { path: `${OFFICE_PATH}/security`, label: 'My sign-in', permission: null },
];

/** Where an invitation's link leads: the new member chooses a password there. */
export const OFFICE_ACCEPT_PATH = `${OFFICE_PATH}/accept`;

/** The areas a role may open, in menu order. */
export const areasFor = (role: string | null | undefined): OfficeArea[] =>
  OFFICE_AREAS.filter((area) => area.permission === null || roleMay(role, area.permission));

/** The area a path belongs to (the longest match), for the page's heading and its permission. */
export function areaOf(pathname: string): OfficeArea | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [...OFFICE_AREAS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((area) => (area.end ? path === area.path : path === area.path || path.startsWith(`${area.path}/`)));
}
