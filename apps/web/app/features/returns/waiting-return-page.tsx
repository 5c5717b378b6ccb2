import { CODE_OK } from '@shop/contracts';
import { ReturnMessages, ReturnPages, ReturnStatus } from '@shop/contracts/return-rules';
import type { TReturnDetail } from '@shop/contracts/returns';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { isCancelled } from '../../lib/api';
import { cx, focusRing } from '../../lib/cx';
import { notify } from '../../lib/toast';
import { useLoad } from '../../lib/use-load';
import { LoadFailed, orderIdFrom, primaryAction, secondaryAction } from '../orders';
import { PageHeader } from '../points';
import { fieldErrorsOf, Panel, ParcelLine, ReturnLines, ReturnSkeleton, ReturnStatusBadge } from './parts';
import { deliveryCompanies, returnDetail, sendParcel } from './returns-api';
import { WithdrawButton } from './withdraw';

/** The carrier and tracking number of the parcel on its way back (POST /shop/orderRefund/parcel). */
function ParcelForm({ request, onSent }: { request: TReturnDetail; onSent: (request: TReturnDetail) => void }) {
  const companies = useLoad('carriers', deliveryCompanies);
  const [company, setCompany] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!company) found.company_code = ReturnMessages.carrier;
    if (!/^[A-Za-z0-9-]{4,64}$/.test(tracking.trim())) found.tracking_no = ReturnMessages.trackingNo;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const envelope = await sendParcel({ id: request.id, company_code: company, tracking_no: tracking.trim() });
      if (envelope.code !== CODE_OK) {
        const fields = fieldErrorsOf(envelope.result);
        setErrors(Object.keys(fields).length > 0 ? fields : { _: envelope.msg });
        return;
      }
      notify.success(envelope.msg);
      onSent(envelope.result);
    } catch (failure) {
      if (!isCancelled(failure)) setErrors({ _: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  };

  if (companies.load.status === 'loading') return <ReturnSkeleton label="Loading the carriers" />;
  if (companies.load.status !== 'ready') return <LoadFailed title="We couldn’t load the carriers" onRetry={companies.retry} />;
  const general = errors._ ?? errors.id;
  return (
    <form onSubmit={submit} noValidate aria-label="Your parcel’s tracking" className="flex max-w-md flex-col gap-4">
      <SelectField
        label="Carrier"
        value={company}
        onChange={(event) => setCompany(event.target.value)}
        error={errors.company_code}
      >
        <option value="">Choose the carrier</option>
        {companies.load.value.data.map((carrier) => (
          <option key={carrier.code} value={carrier.code}>
            {carrier.name}
          </option>
        ))}
      </SelectField>
      <Field
        label="Tracking number"
        value={tracking}
        onChange={(event) => setTracking(event.target.value)}
        error={errors.tracking_no}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
      />
      {general ? (
        <p role="alert" className="text-sm text-red-700">
          {general}
        </p>
      ) : null}
      <Button type="submit" busy={busy} className="self-start">
        Send tracking number
      </Button>
    </form>
  );
}

/**
 * /ShoppingListMain/WaitingReturn?id=<request id> (spec 2; guarded): once a return or exchange
 * is approved, where to send the parcel and the form for its carrier and tracking number, then the
 * confirmation. A request not waiting for its parcel says where it stands. Withdrawing stays
 * possible until the parcel is sent.
 */
export function WaitingReturnPage() {
  const [search] = useSearchParams();
  const id = orderIdFrom(search);
  const headingId = useId();
  const detail = useLoad(id === null ? null : `return:${id}`, () => returnDetail(id ?? 0));

  let body: ReactNode;
  if (id === null || detail.load.status === 'missing') {
    body = (
      <LoadFailed title="We couldn’t find this request">It may have been mistyped, or it belongs to another account.</LoadFailed>
    );
  } else if (detail.load.status === 'loading') {
    body = <ReturnSkeleton label="Loading the request" />;
  } else if (detail.load.status === 'failed') {
    body = <LoadFailed title="We couldn’t load this request" onRetry={detail.retry} />;
  } else {
    const request = detail.load.value;
    body = (
      <>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
            <span>
              {request.kind_text} {request.return_no} · order {request.order_no}
            </span>
            <ReturnStatusBadge status={request.status} />
          </p>
          <WithdrawButton request={request} onDone={detail.set} />
        </div>
        {request.can_send === 1 ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <Panel title="1. Pack and send the items">
              <p className="text-sm text-gray-700">Pack the items unworn with their tags, and send them to:</p>
              <address className="mt-2 whitespace-pre-line text-sm font-semibold text-gray-950 not-italic">
                {request.return_address}
              </address>
              <p className="mt-2 text-sm text-gray-700">
                Write {request.return_no} on the parcel so we can match it to your request.
              </p>
              <div className="mt-4">
                <ReturnLines lines={request.quote.lines} exchange />
              </div>
            </Panel>
            <Panel title="2. Tell us the tracking number">
              <ParcelForm request={request} onSent={detail.set} />
            </Panel>
          </div>
        ) : request.status === ReturnStatus.ParcelSent && request.parcel ? (
          <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-5">
            <p className="font-semibold text-emerald-950">Thank you: your parcel is on its way back</p>
            <div className="mt-2">
              <ParcelLine parcel={request.parcel} />
            </div>
            <p className="mt-2 text-sm text-emerald-950">
              We will let you know when it arrives, and {request.kind === 'exchange' ? 'send your replacement' : 'refund you'}{' '}
              once we have checked it.
            </p>
          </div>
        ) : (
          <div className="rounded-lg border border-dashed border-gray-300 p-6 text-sm text-gray-800">
            {request.status === ReturnStatus.Requested
              ? 'We are looking at your request. Once it is approved, this page shows where to send the parcel.'
              : 'This request is not waiting for a parcel.'}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Link to={ReturnPages.details(request.id)} className={request.can_send === 1 ? secondaryAction : primaryAction}>
            View request details
          </Link>
          <Link to={ReturnPages.list} className={cx(secondaryAction, focusRing)}>
            Back to Return/Exchange
          </Link>
        </div>
      </>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <PageHeader id={headingId} title="Send your return" />
      {body}
    </section>
  );
}
