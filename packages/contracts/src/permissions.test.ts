import { describe, expect, it } from 'vitest';
import { mayGrantRole, PERMISSIONS, ROLE_PERMISSIONS, roleMay, STAFF_ROLES } from './permissions';

describe('staff permissions', () => {
  it('gives the administrator every permission', () => {
    for (const permission of PERMISSIONS) expect(roleMay('admin', permission)).toBe(true);
  });

  it('gives a role only what its set names', () => {
    for (const role of STAFF_ROLES) {
      for (const permission of PERMISSIONS) {
        expect(roleMay(role, permission)).toBe(ROLE_PERMISSIONS[role].includes(permission));
      }
    }
  });

  it('lets an unknown or missing role do nothing', () => {
    expect(roleMay('root', 'orders.view')).toBe(false);
    expect(roleMay(undefined, 'orders.view')).toBe(false);
    expect(roleMay('__proto__', 'orders.view')).toBe(false);
  });

  it('names only known permissions in every role', () => {
    for (const role of STAFF_ROLES) for (const permission of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(permission);
  });

  it('lets nobody grant what they do not hold', () => {
    expect(mayGrantRole('admin', 'admin')).toBe(true);
    expect(mayGrantRole('admin', 'operator')).toBe(true);
    expect(mayGrantRole('admin', 'csr')).toBe(true);
    // without staff.manage, nobody grants anything, not even a smaller role
    expect(mayGrantRole('operator', 'csr')).toBe(false);
    expect(mayGrantRole('csr', 'csr')).toBe(false);
    expect(mayGrantRole(undefined, 'csr')).toBe(false);
  });
});
