import type { TReturnDetail } from '@shop/contracts/returns';
import { inTransaction } from '../../db/transaction';
import { returnRequests } from '../../modules/returns';
import { type ReturnsDeps, stockChanged } from './context';
import { releaseExchange } from './exchange';
import { holdRequest, noRefundInFlight } from './steps';
import { detail } from './views';

/** The shopper takes the request back (until the parcel is sent); its units are free again, an exchange's replacement back in stock. */
export async function withdraw(deps: ReturnsDeps, userId: number, id: number): Promise<TReturnDetail> {
  const at = deps.clock();
  const changes = await inTransaction(deps.db, async (trx) => {
    const row = await holdRequest(trx, id, at, userId);
    await noRefundInFlight(trx, row.id);
    await returnRequests(trx).move(row, 'withdraw', { actor: 'shopper', at, note: 'Withdrawn by the shopper' });
    return releaseExchange(trx, row);
  });
  await stockChanged(deps, changes);
  return detail(deps, userId, id);
}
