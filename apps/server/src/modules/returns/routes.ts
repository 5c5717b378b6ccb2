import type { FastifyInstance } from 'fastify';
import { requireSubject, type StaffGuard } from '../../http/auth';
import { guarded } from '../../http/route-options';
import type { Returns } from '../../workflows/returns';
import type { AuthService } from '../auth';
import { shopperAskRoutes, shopperRequestRoutes } from './shopper-routes';
import { staffMoveRoutes, staffQueueRoutes } from './staff-routes';

type Deps = { returns: Returns; auth: AuthService; guard: StaffGuard };

/** spec 7 "Orders" (refund and return/refund requests), the shop's own calls of the return pages, and the staff returns API. */
export function returnRoutes(app: FastifyInstance, { returns, auth, guard }: Deps) {
  const shopper = guarded(['returns'], requireSubject(auth, 'user'));
  shopperAskRoutes(app, shopper, returns);
  shopperRequestRoutes(app, shopper, returns);
  staffQueueRoutes(app, returns, guard);
  staffMoveRoutes(app, returns, guard);
}
