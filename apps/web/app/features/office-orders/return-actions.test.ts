import { ReturnStatus } from '@shop/contracts/return-rules';
import { describe, expect, it } from 'vitest';
import { officeReturnStatus, RETURN_TABS, returnActionsFor } from './return-actions';

const none = { approve: false, reject: false, receive: false, refund: false, ship: false };

describe("the back office's return moves", () => {
  it('offers what the state allows to the roles that hold it', () => {
    const asked = { kind: 'return' as const, status: ReturnStatus.Requested };
    expect(returnActionsFor('operator', asked)).toEqual({ ...none, approve: true, reject: true });
    expect(returnActionsFor('operator', { kind: 'return', status: ReturnStatus.Approved })).toEqual({ ...none, receive: true });
    expect(returnActionsFor('operator', { kind: 'return', status: ReturnStatus.ParcelSent })).toEqual({ ...none, receive: true });
    expect(returnActionsFor('admin', { kind: 'return', status: ReturnStatus.Received })).toEqual({ ...none, refund: true });
    expect(returnActionsFor('admin', { kind: 'exchange', status: ReturnStatus.Received })).toEqual({ ...none, ship: true });
    // a refund without a return is approved by refunding it
    expect(returnActionsFor('admin', { kind: 'refund', status: ReturnStatus.Requested })).toEqual({
      ...none,
      reject: true,
      refund: true,
    });
  });

  it('offers nothing on a closed request, nor to a support agent or an unknown role', () => {
    for (const status of [ReturnStatus.Refunded, ReturnStatus.Exchanged, ReturnStatus.Rejected, ReturnStatus.Withdrawn])
      expect(returnActionsFor('admin', { kind: 'return', status })).toEqual(none);
    expect(returnActionsFor('csr', { kind: 'return', status: ReturnStatus.Requested })).toEqual(none);
    expect(returnActionsFor('csr', { kind: 'return', status: ReturnStatus.Received })).toEqual(none);
    expect(returnActionsFor(null, { kind: 'refund', status: ReturnStatus.Requested })).toEqual(none);
  });

  it('names every state in the office, waiting ones first in the tabs', () => {
    expect(RETURN_TABS.slice(0, 2).map((tab) => tab.status)).toEqual([ReturnStatus.Requested, ReturnStatus.ParcelSent]);
    for (const status of Object.values(ReturnStatus)) expect(officeReturnStatus(status)).not.toBe('Unknown');
    expect(officeReturnStatus(0)).toBe('Unknown');
  });
});
