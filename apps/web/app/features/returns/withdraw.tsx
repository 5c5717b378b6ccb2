import { CODE_OK } from '@shop/contracts';
import type { TReturnDetail } from '@shop/contracts/returns';
import { notify } from '../../lib/toast';
import { ConfirmAction } from '../orders';
import { withdrawReturn } from './returns-api';

/** Withdraw a request (while `can_withdraw`), asked about first; the page shows the withdrawn request. */
export function WithdrawButton({ request, onDone }: { request: TReturnDetail; onDone: (request: TReturnDetail) => void }) {
  if (request.can_withdraw !== 1) return null;
  const withdraw = async () => {
    try {
      const envelope = await withdrawReturn(request.id);
      if (envelope.code !== CODE_OK) {
        notify.error(envelope.msg);
        return false;
      }
      notify.success(envelope.msg);
      onDone(envelope.result);
      return true;
    } catch {
      return false;
    }
  };
  return (
    <ConfirmAction
      label="Withdraw request"
      title={`Withdraw ${request.return_no}?`}
      description="The request is closed and its items can be asked about again while the order’s return window is open."
      confirmLabel="Withdraw request"
      dismissLabel="Keep request"
      onConfirm={withdraw}
    />
  );
}
