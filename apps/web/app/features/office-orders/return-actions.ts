import { type Permission, roleMay } from '@shop/contracts/permissions';
import { nextReturnStatus, type ReturnAction, type ReturnKind, ReturnStatus } from '@shop/contracts/return-rules';
import { OFFICE_PATH } from '../office';

/**
 * The back office's returns (issue 17): the queue's tabs, a request's state in the office's words,
 * and the moves offered on a request — those its state allows and the role holds. The server
 * refuses the rest anyway; the page just does not offer them.
 */

export const RETURNS_PATH = `${OFFICE_PATH}/returns`;

/** The queue's tabs: what waits for staff first (new requests, parcels on their way back), then the rest. */
export const RETURN_TABS: readonly { status: number; label: string }[] = [
  { status: ReturnStatus.Requested, label: 'Requested' },
  { status: ReturnStatus.ParcelSent, label: 'Parcel sent' },
  { status: ReturnStatus.Received, label: 'Received' },
  { status: ReturnStatus.Approved, label: 'Approved' },
  { status: ReturnStatus.Refunded, label: 'Refunded' },
  { status: ReturnStatus.Exchanged, label: 'Exchanged' },
  { status: ReturnStatus.Rejected, label: 'Declined' },
  { status: ReturnStatus.Withdrawn, label: 'Withdrawn' },
  { status: 0, label: 'All' },
];

/** A request's state in the office's words (the shopper's read "waiting for your parcel"). */
export const officeReturnStatus = (status: number) =>
  RETURN_TABS.find((tab) => tab.status === status && status !== 0)?.label ?? 'Unknown';

/** What each action needs: the role's permission, on top of the request's state allowing it. */
const ACTION_PERMISSION: Record<Exclude<ReturnAction, 'withdraw' | 'send'>, Permission> = {
  approve: 'refunds.approve',
  reject: 'refunds.approve',
  refund: 'refunds.approve',
  receive: 'orders.ship',
  exchange: 'orders.ship',
};

/** The actions the request's state allows and the role holds. */
export function returnActionsFor(role: string | null | undefined, request: { kind: ReturnKind; status: number }) {
  const may = (action: keyof typeof ACTION_PERMISSION) =>
    roleMay(role, ACTION_PERMISSION[action]) && nextReturnStatus(request.kind, request.status, action) !== undefined;
  return {
    approve: may('approve'),
    reject: may('reject'),
    receive: may('receive'),
    refund: may('refund'),
    ship: may('exchange'),
  };
}
