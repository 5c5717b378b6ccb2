import { isStaffRole, type StaffRoleName } from '@shop/contracts/permissions';
import type { PubSub } from '../../infra/pubsub';

/** The channel every instance hears staff role and activity changes on. */
export const STAFF_CHANGED_CHANNEL = 'staff:changed';

/** A staff member's role and activity as a change left them. */
export type StaffChange = { staffId: number; role: StaffRoleName; active: boolean };
export type StaffChangeListener = (change: StaffChange) => void;

/**
 * Staff role and activity changes, announced to every instance through the pub/sub (decision 0019),
 * as ended sessions are (decision 0013): long-lived connections that were authorised once (the
 * agents' chat consoles) take a new role at once, and close when it no longer allows them in,
 * without reading the role again at every frame.
 */
export class StaffChanges {
  private readonly listeners = new Set<StaffChangeListener>();

  constructor(private readonly pubsub: PubSub) {}

  /** Tells every instance; this one's listeners have heard before the promise resolves. */
  async announce(change: StaffChange) {
    this.heard(change);
    await this.pubsub.publish(STAFF_CHANGED_CHANNEL, JSON.stringify(change));
  }

  /** Starts hearing the announcements (other instances', and this one's own again: hearing twice changes nothing). */
  listen() {
    return this.pubsub.subscribe(STAFF_CHANGED_CHANNEL, (raw) => {
      let change: Partial<StaffChange>;
      try {
        change = JSON.parse(raw) as Partial<StaffChange>;
      } catch {
        return;
      }
      const { staffId, role, active } = change ?? {};
      if (Number.isInteger(staffId) && typeof role === 'string' && isStaffRole(role) && typeof active === 'boolean') {
        this.heard({ staffId: staffId as number, role, active });
      }
    });
  }

  /** Calls `listener` with every change heard; the returned function stops it. */
  onChanged(listener: StaffChangeListener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private heard(change: StaffChange) {
    for (const listener of this.listeners) listener(change);
  }
}
