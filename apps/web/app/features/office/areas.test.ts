import { describe, expect, it } from 'vitest';
import { areaOf, areasFor } from './areas';

describe('the back office menu', () => {
  it('offers each role only the areas it may open', () => {
    expect(areasFor('admin').map((area) => area.label)).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Customers',
      'Catalogue',
      'Coupons',
      'Reviews',
      'Home pages',
      'Help pages',
      'Site settings',
      'Chat settings',
      'Quick replies',
      'Knowledge base',
      'Feedback',
      'Chat reports',
      'Requests',
      'Mail outbox',
      'Staff',
      'Audit trail',
      'My sign-in',
    ]);
    expect(areasFor('operator').map((area) => area.label)).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Customers',
      'Catalogue',
      'Reviews',
      'Home pages',
      'Requests',
      'My sign-in',
    ]);
    expect(areasFor('csr').map((area) => area.label)).toEqual([
      'Dashboard',
      'Orders',
      'Returns',
      'Customers',
      'Quick replies',
      'Knowledge base',
      'Feedback',
      'Requests',
      'My sign-in',
    ]);
    expect(areasFor('intruder').map((area) => area.label)).toEqual(['Dashboard', 'My sign-in']);
    expect(areasFor(null).map((area) => area.label)).toEqual(['Dashboard', 'My sign-in']);
  });

  it('finds the area of a path', () => {
    expect(areaOf('/office')?.label).toBe('Dashboard');
    expect(areaOf('/office/')?.label).toBe('Dashboard');
    expect(areaOf('/office/orders')?.label).toBe('Orders');
    expect(areaOf('/office/orders/12')?.label).toBe('Orders');
    expect(areaOf('/office/returns/12')?.permission).toBe('orders.view');
    expect(areaOf('/office/audit')?.permission).toBe('audit.view');
    expect(areaOf('/office/customers/12')?.permission).toBe('customers.view');
    expect(areaOf('/office/coupons')?.permission).toBe('coupons.manage');
    expect(areaOf('/office/mail')?.permission).toBe('mail.view');
    expect(areaOf('/office/feedback')?.permission).toBe('feedback.view');
    expect(areaOf('/office/catalog/12')?.permission).toBe('catalog.edit');
    expect(areaOf('/office/home-pages')?.permission).toBe('catalog.edit');
    expect(areaOf('/office/site')?.permission).toBe('content.edit');
    expect(areaOf('/office/ordersx')).toBeUndefined();
  });
});
