// Staff roles and what each may do. One table for the server's policy, the staff API's OpenAPI
// notes and, later, the back office's menus: what a role may not do is neither offered nor allowed.
// No zod here, so any page may import it.

/** Every named permission a staff route can require. */
export const PERMISSIONS = [
  // orders and after the order
  'orders.view',
  'orders.ship',
  'orders.cancel',
  'refunds.approve',
  // catalogue and content
  'catalog.edit',
  'stock.edit',
  'content.edit',
  // loyalty
  'coupons.manage',
  'points.adjust',
  // customers and reviews
  'customers.view',
  'customers.erase',
  'reviews.moderate',
  'feedback.view',
  /** custom, tailor-made and wholesale requests from the help pages (decision 0052) */
  'requests.handle',
  // the support desk
  'chat.answer',
  'chat.configure',
  /** the support desk's reports: response and resolution times, load per agent, satisfaction (decision 0060) */
  'chat.reports',
  // the house
  'audit.view',
  'staff.manage',
  /** the mail outbox: what the shop sent, reset links included (decision 0046) */
  'mail.view',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** administrator: everything; operator: catalogue, stock, orders and returns; csr: the chat. */
export const STAFF_ROLES = ['admin', 'operator', 'csr'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRoleName, string> = {
  admin: 'Administrator',
  operator: 'Shop operator',
  csr: 'Support agent',
};

export const ROLE_PERMISSIONS: Record<StaffRoleName, readonly Permission[]> = {
  admin: PERMISSIONS,
  operator: [
    'orders.view',
    'orders.ship',
    'orders.cancel',
    'refunds.approve',
    'catalog.edit',
    'stock.edit',
    'customers.view',
    'reviews.moderate',
    'requests.handle',
  ],
  csr: ['orders.view', 'customers.view', 'chat.answer', 'feedback.view', 'requests.handle'],
};

const granted = new Map(STAFF_ROLES.map((role) => [role, new Set<Permission>(ROLE_PERMISSIONS[role])]));

export const isStaffRole = (value: unknown): value is StaffRoleName =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** May a member of `role` do what `permission` names? An unknown role may do nothing. */
export function roleMay(role: string | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && (granted.get(role)?.has(permission) ?? false);
}

/**
 * Nobody grants what they do not hold: a staff member may give `target` (to a new or an existing
 * colleague) only when they hold `staff.manage` and every permission of `target` themselves.
 */
export function mayGrantRole(granter: string | null | undefined, target: StaffRoleName): boolean {
  return roleMay(granter, 'staff.manage') && ROLE_PERMISSIONS[target].every((permission) => roleMay(granter, permission));
}
