import { CODE_OK } from '@shop/contracts';
import { roleMay } from '@shop/contracts/permissions';
import { ReturnPaths } from '@shop/contracts/return-rules';
import type { TAdminReturnDetail } from '@shop/contracts/returns';
import { Link, useParams } from 'react-router';
import { type Answer, failed, refusalText } from '../../components/office/answers';
import { LoadFailed } from '../../components/office/load-state';
import { notify } from '../../lib/toast';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { RETURNS_PATH } from './return-actions';
import { type Act, Actions } from './return-moves';
import { ItemsPart, MoneyPart, ParcelsPart, panel, RefundsPart, ReturnHeader, ShopperPart, TimelinePart } from './return-parts';

/**
 * Sends one move of the request; the page then shows the state it answered, with a toast. Answers
 * the refusal, if any, after reloading the request (a refused refund leaves its record behind).
 */
function moveSender(set: (request: TAdminReturnDetail) => void, reload: () => void): Act {
  return async (path, body) => {
    const answer: Answer = await staffApi.post<TAdminReturnDetail>(path, body, { silent: true }).catch(failed);
    if (answer.code === CODE_OK && answer.result) {
      set(answer.result as TAdminReturnDetail);
      void notify.success(answer.msg);
      return null;
    }
    const message = refusalText(answer);
    void notify.error(message);
    reload();
    return message;
  };
}

const back = (
  <Link to={RETURNS_PATH} className="text-sm text-gray-800 underline underline-offset-4 hover:text-gray-600">
    All returns
  </Link>
);

/** The return page while its request is loading, missing or failed. */
function ReturnLoadState({ status, retry }: { status: 'loading' | 'missing' | 'failed'; retry: () => void }) {
  if (status === 'missing') {
    return (
      <section className={`${panel} p-6`}>
        <h1 className="text-xl font-semibold text-gray-900">Return not found</h1>
        <p className="mt-2 text-sm text-gray-700">No return request has this number. {back}</p>
      </section>
    );
  }
  if (status === 'loading') {
    return (
      <p className={`${panel} py-8 text-center text-gray-600`} role="status">
        Loading the return…
      </p>
    );
  }
  return (
    <LoadFailed
      text="The return could not be loaded."
      retry={retry}
      className={`${panel} py-8 text-center`}
      buttonClassName="mt-3"
    />
  );
}

/** /office/returns/:id: one request with its shopper, lines, money, timeline and refunds; the moves its state allows. */
export function ReturnPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'orders.view');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { load, retry, set, reload } = useLoad(allowed && valid ? `return-${id}` : null, () =>
    staffApi.get<TAdminReturnDetail>(ReturnPaths.adminDetail, { query: { id }, silent: true }),
  );

  if (!allowed) return <NotAllowed what="viewing returns" />;
  if (!valid) return <ReturnLoadState status="missing" retry={retry} />;
  if (load.status !== 'ready') return <ReturnLoadState status={load.status} retry={retry} />;

  const request = load.value;
  return (
    <article aria-labelledby="return-title" className="flex flex-col gap-6" data-return-status={request.status}>
      <ReturnHeader request={request} back={back} />
      <Actions request={request} role={staff.role} act={moveSender(set, reload)} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ShopperPart request={request} mayViewCustomers={roleMay(staff.role, 'customers.view')} />
        <MoneyPart request={request} />
      </div>
      <ItemsPart request={request} />
      <div className="grid gap-6 lg:grid-cols-2">
        <TimelinePart request={request} />
        <ParcelsPart request={request} />
      </div>
      <RefundsPart request={request} />
    </article>
  );
}
