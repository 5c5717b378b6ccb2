import { SHOP_NAME } from '@shop/contracts';
import { PaySuccess } from '../features/orders/pay-success';

export const meta = () => [{ title: `Payment Successful | ${SHOP_NAME}` }, { name: 'robots', content: 'noindex' }];

/** /order/paySuccess?id= (spec 2 "payment success"). */
export default function PaySuccessRoute() {
  return <PaySuccess />;
}
