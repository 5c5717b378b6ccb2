import { ReturnMessages, type TReturnDetail, type TReturnParcelRequest } from '@shop/contracts/returns';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { carrierByCode } from '../../modules/orders';
import { returnRequests } from '../../modules/returns';
import type { ReturnsDeps } from './context';
import { detail } from './views';

/** Approved: the shopper sends the parcel back, and says with which carrier and tracking number. */
export async function parcel(deps: ReturnsDeps, userId: number, input: TReturnParcelRequest): Promise<TReturnDetail> {
  const at = deps.clock();
  const company = await carrierByCode(deps.db, input.company_code);
  if (!company) throw AppError.field('company_code', ReturnMessages.carrier);
  await inTransaction(deps.db, async (trx) => {
    const row = await returnRequests(trx).find(input.id, userId);
    if (!row) throw AppError.notFound(ReturnMessages.requestNotFound);
    await returnRequests(trx).move(row, 'send', {
      actor: 'shopper',
      at,
      note: `${company.name} ${input.tracking_no}`,
      changes: { parcel_company_id: company.id, parcel_tracking_no: input.tracking_no },
    });
  });
  return detail(deps, userId, input.id);
}
