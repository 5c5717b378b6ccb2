import { CODE_OK } from '@shop/contracts';
import { CouponPaths } from '@shop/contracts/coupon-rules';
import type { TAdminCouponTemplate } from '@shop/contracts/coupons';
import { CUSTOMER_PROFILE_ROWS, CustomerMessages, CustomerPaths } from '@shop/contracts/customer-rules';
import type { TAdminCustomerProfile } from '@shop/contracts/customers';
import { OfficeOrderPages } from '@shop/contracts/office-order-rules';
import { roleMay } from '@shop/contracts/permissions';
import { PointsPaths } from '@shop/contracts/points-rules';
import { formatPrice } from '@shop/contracts/pricing';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { type Answer, failed, issuesByField, refusalText } from '../../components/office/answers';
import { day } from '../../components/office/date-time';
import { ScrollBox } from '../../components/office/scroll-box';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, OFFICE_PATH, useOfficeStaff } from '../office';
import { CustomerChats, CustomerNotes, CustomerReturns, EraseAccount } from './customer-parts';
import { CUSTOMERS_PATH, fullName } from './customers-page';

const SECTIONS = [
  { id: 'customer-account', label: 'Account' },
  { id: 'customer-orders', label: 'Orders' },
  { id: 'customer-points', label: 'Points' },
  { id: 'customer-coupons', label: 'Coupons' },
  { id: 'customer-addresses', label: 'Addresses' },
  { id: 'customer-returns', label: 'Returns' },
  { id: 'customer-chats', label: 'Conversations' },
  { id: 'customer-notes', label: 'Notes' },
] as const;

const cell = 'px-3 py-2';
const headCell = 'px-3 py-2 font-medium';

/** /office/customers/:id: one shopper's account, orders, points, coupons and addresses; a grant and an adjustment for the roles that hold them. */
export function CustomerPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'customers.view');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [notice, setNotice] = useState('');
  const { load, reload, retry } = useLoad(allowed && valid ? `customer-${id}` : null, () =>
    staffApi.get<TAdminCustomerProfile>(CustomerPaths.profile.replace(':id', String(id)), { silent: true }),
  );

  if (!allowed) return <NotAllowed what="viewing customers" />;
  const back = (
    <Link to={CUSTOMERS_PATH} className="text-sm text-gray-800 underline underline-offset-4 hover:text-gray-600">
      All customers
    </Link>
  );
  if (!valid || load.status === 'missing') {
    return (
      <section className="rounded-lg border border-gray-200 bg-white p-6">
        <h1 className="text-xl font-semibold text-gray-900">Customer not found</h1>
        <p className="mt-2 text-sm text-gray-700">No customer has this number. {back}</p>
      </section>
    );
  }
  if (load.status === 'loading') {
    return (
      <p className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center text-gray-600" role="status">
        Loading the customer…
      </p>
    );
  }
  if (load.status === 'failed') {
    return (
      <div className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center">
        <p role="alert" className="text-red-800">
          The customer could not be loaded.
        </p>
        <Button variant="secondary" onClick={retry} className="mt-3">
          Try again
        </Button>
      </div>
    );
  }

  const profile = load.value;
  const { account } = profile;
  return (
    <article aria-labelledby="customer-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        {back}
        <h1 id="customer-title" className="text-2xl font-semibold text-gray-900 break-words">
          {fullName(account) || `Customer ${account.id}`}
        </h1>
        <p className="text-sm text-gray-700 break-all">
          {account.email} · <span className="capitalize">{account.status}</span>
        </p>
        {notice ? (
          <p role="status" className="text-sm text-green-800">
            {notice}
          </p>
        ) : null}
        {roleMay(staff.role, 'customers.erase') && account.status === 'active' ? (
          <div>
            <EraseAccount
              userId={account.id}
              email={account.email}
              onErased={() => {
                setNotice(CustomerMessages.erased);
                reload();
              }}
            />
          </div>
        ) : null}
        <nav aria-label="Parts of the profile">
          <ul className="flex flex-wrap gap-2">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-11 items-center rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 hover:border-gray-900 focus-visible:outline-2 focus-visible:outline-gray-900"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <Part id="customer-account" title="Account">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <Fact term="Customer number">{account.id}</Fact>
          <Fact term="E-mail">
            {account.email} {account.email_verified ? '(verified)' : '(not verified)'}
          </Fact>
          <Fact term="Phone">{account.mobile || '—'}</Fact>
          <Fact term="Joined">{day(account.created_at)}</Fact>
          <Fact term="Marketing e-mail">{account.marketing_consent ? 'Agreed' : 'Not agreed'}</Fact>
          <Fact term="Invitation code">{account.invitation_code || '—'}</Fact>
        </dl>
      </Part>

      <Part id="customer-orders" title={`Orders (${profile.orders.total})`}>
        {profile.orders.data.length === 0 ? (
          <p className="text-sm text-gray-600">No orders yet.</p>
        ) : (
          <Table caption="Orders, newest first" minWidth="min-w-[560px]">
            <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className={headCell}>
                  Order
                </th>
                <th scope="col" className={headCell}>
                  Placed
                </th>
                <th scope="col" className={headCell}>
                  Status
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  Items
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {profile.orders.data.map((order) => (
                <tr key={order.id} className="border-b border-gray-100 last:border-0">
                  <td className={cell}>
                    <Link
                      to={OfficeOrderPages.detail(order.id)}
                      className="font-medium text-gray-900 underline underline-offset-4 hover:text-gray-600"
                    >
                      {order.order_no}
                    </Link>
                  </td>
                  <td className={`${cell} whitespace-nowrap text-gray-700`}>{day(order.created_at)}</td>
                  <td className={`${cell} whitespace-nowrap`}>{order.status_text}</td>
                  <td className={`${cell} text-right`}>{order.total_num}</td>
                  <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(order.pay_price)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {profile.orders.total > profile.orders.data.length ? (
          <p className="mt-2 text-sm text-gray-600">
            The newest {CUSTOMER_PROFILE_ROWS} are shown;{' '}
            <Link
              to={`${OFFICE_PATH}/orders?email=${encodeURIComponent(account.email)}`}
              className="underline underline-offset-4"
            >
              all of them in Orders
            </Link>
            .
          </p>
        ) : null}
      </Part>

      <Part id="customer-points" title="Points">
        <p className="text-sm text-gray-800">
          Balance: <strong data-testid="points-balance">{profile.points.balance}</strong>
          {profile.points.expiring_points > 0 && profile.points.expiring_at
            ? ` · ${profile.points.expiring_points} expire on ${day(profile.points.expiring_at)}`
            : ''}
        </p>
        {roleMay(staff.role, 'points.adjust') ? <AdjustPoints userId={account.id} onDone={reload} /> : null}
        {profile.points.ledger.data.length === 0 ? (
          <p className="mt-3 text-sm text-gray-600">No points have moved yet.</p>
        ) : (
          <Table caption="Points ledger, newest first" minWidth="min-w-[480px]" className="mt-3">
            <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className={headCell}>
                  Date
                </th>
                <th scope="col" className={headCell}>
                  Why
                </th>
                <th scope="col" className={`${headCell} text-right`}>
                  Points
                </th>
              </tr>
            </thead>
            <tbody>
              {profile.points.ledger.data.map((entry) => (
                <tr key={entry.id} className="border-b border-gray-100 last:border-0">
                  <td className={`${cell} whitespace-nowrap text-gray-700`}>{day(entry.created_at)}</td>
                  <td className={cell}>{entry.label}</td>
                  <td className={`${cell} text-right`}>{entry.points > 0 ? `+${entry.points}` : entry.points}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Part>

      <Part
        id="customer-coupons"
        title={`Coupons (${profile.coupons.counts.unused} unused, ${profile.coupons.counts.used} used, ${profile.coupons.counts.expired} expired)`}
      >
        {roleMay(staff.role, 'coupons.manage') ? <GrantCoupon userId={account.id} onDone={reload} /> : null}
        {profile.coupons.data.length === 0 ? (
          <p className="mt-3 text-sm text-gray-600">No coupons held.</p>
        ) : (
          <Table caption="Coupons held, newest first" minWidth="min-w-[560px]" className="mt-3">
            <thead className="border-b border-gray-200 bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className={headCell}>
                  Coupon
                </th>
                <th scope="col" className={headCell}>
                  Terms
                </th>
                <th scope="col" className={headCell}>
                  Status
                </th>
                <th scope="col" className={headCell}>
                  Valid
                </th>
              </tr>
            </thead>
            <tbody>
              {profile.coupons.data.map((coupon) => (
                <tr key={coupon.id} className="border-b border-gray-100 last:border-0">
                  <td className={`${cell} font-medium text-gray-900`}>{coupon.name}</td>
                  <td className={cell}>{coupon.summary}</td>
                  <td className={`${cell} capitalize`}>{coupon.status}</td>
                  <td className={`${cell} whitespace-nowrap text-gray-700`}>
                    {day(coupon.start_at)} – {day(coupon.end_at)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Part>

      <Part id="customer-addresses" title="Addresses">
        {profile.addresses.length === 0 ? (
          <p className="text-sm text-gray-600">No saved addresses.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {profile.addresses.map((address, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the address book answers no ids to staff
              <li key={index} className="rounded-md border border-gray-200 p-3 text-sm text-gray-800">
                <p className="font-medium text-gray-900">
                  {fullName(address)} {address.is_default ? <span className="text-gray-600">(default)</span> : null}
                </p>
                <p>{[address.address1, address.address2].filter(Boolean).join(', ')}</p>
                <p>{[address.city, address.state, address.postcode, address.country].filter(Boolean).join(', ')}</p>
                <p>{address.phone}</p>
              </li>
            ))}
          </ul>
        )}
      </Part>

      <Part id="customer-returns" title={`Returns (${profile.returns.length})`}>
        <CustomerReturns returns={profile.returns} />
      </Part>

      <Part id="customer-chats" title="Conversations">
        <CustomerChats userId={account.id} />
      </Part>

      <Part id="customer-notes" title="Staff notes">
        <CustomerNotes userId={account.id} />
      </Part>
    </article>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-gray-700">{term}</dt>
      <dd className="text-gray-900 break-all">{children}</dd>
    </>
  );
}

/** A table in its own scrolling box. */
function Table({
  caption,
  minWidth,
  className,
  children,
}: {
  caption: string;
  minWidth: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <ScrollBox label={caption} className={cx('rounded-md border border-gray-200', className)}>
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </ScrollBox>
  );
}

type Outcome = { ok: boolean; text: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-sm text-green-800' : 'text-sm text-red-800'}>
      {outcome.text}
    </p>
  );
}

/** Adjusts the points by a signed number with a reason (points.adjust); the ledger and the audit trail keep both. */
function AdjustPoints({ userId, onDone }: { userId: number; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const raw = String(data.get('points') ?? '').trim();
    const { ZPointsAdjustRequest } = await import('../../components/office/office-rules');
    const parsed = ZPointsAdjustRequest.safeParse({
      points: raw === '' ? undefined : Number(raw),
      reason: String(data.get('reason') ?? ''),
    });
    setOutcome(null);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    setBusy(true);
    const answer: Answer = await staffApi.post(PointsPaths.adjust(userId), parsed.data, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      const { balance } = answer.result as { balance: number };
      setOutcome({ ok: true, text: `Points adjusted by ${parsed.data.points}; the balance is now ${balance}.` });
      form.reset();
      onDone();
    } else {
      setOutcome({ ok: false, text: refusalText(answer) });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="adjust-title" className="mt-3 rounded-md border border-gray-200 p-3">
      <h3 id="adjust-title" className="font-semibold text-gray-900">
        Adjust points
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
        <Field label="Points (+ or −)" name="points" type="number" inputMode="numeric" step={1} error={errors.points} required />
        <Field label="Reason" name="reason" autoComplete="off" maxLength={200} error={errors.reason} required />
        <Button type="submit" busy={busy} className="sm:mt-6">
          Adjust
        </Button>
      </div>
      <div className="mt-2">
        <OutcomeLine outcome={outcome} />
      </div>
    </form>
  );
}

const TEMPLATE_PAGE = 50;

/** Every coupon template that can be granted now (not paused), newest first. */
function useGrantableTemplates() {
  const [templates, setTemplates] = useState<TAdminCouponTemplate[] | null>(null);
  useEffect(() => {
    let active = true;
    (async () => {
      const all: TAdminCouponTemplate[] = [];
      for (let page = 1; page <= 20; page += 1) {
        const answer = await staffApi.get<{ data: TAdminCouponTemplate[]; total: number }>(CouponPaths.adminList, {
          query: { page, limit: TEMPLATE_PAGE },
          silent: true,
        });
        if (answer.code !== CODE_OK || !answer.result) break;
        all.push(...answer.result.data);
        if (all.length >= answer.result.total || answer.result.data.length === 0) break;
      }
      if (active) setTemplates(all.filter((template) => template.paused === 0));
    })().catch(() => active && setTemplates([]));
    return () => {
      active = false;
    };
  }, []);
  return templates;
}

/** Grants one coupon of a template with a reason (coupons.manage); the server's refusal (sold out, ended) is shown. */
function GrantCoupon({ userId, onDone }: { userId: number; onDone: () => void }) {
  const templates = useGrantableTemplates();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const chosen = String(data.get('coupon_id') ?? '');
    const { ZAdminCouponGrantRequest } = await import('../../components/office/office-rules');
    const parsed = ZAdminCouponGrantRequest.safeParse({
      coupon_id: chosen === '' ? undefined : Number(chosen),
      user_id: userId,
      reason: String(data.get('reason') ?? ''),
    });
    setOutcome(null);
    if (!parsed.success) {
      const fields = issuesByField(parsed.error);
      return setErrors(chosen === '' ? { ...fields, coupon_id: 'Please choose a coupon' } : fields);
    }
    setErrors({});
    setBusy(true);
    const answer: Answer = await staffApi.post(CouponPaths.adminGrant, parsed.data, { silent: true }).catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      const name = templates?.find((template) => template.id === parsed.data.coupon_id)?.name ?? 'The coupon';
      setOutcome({ ok: true, text: `${name} granted.` });
      form.reset();
      onDone();
    } else {
      setOutcome({ ok: false, text: refusalText(answer) });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="grant-title" className="rounded-md border border-gray-200 p-3">
      <h3 id="grant-title" className="font-semibold text-gray-900">
        Grant a coupon
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <SelectField label="Coupon" name="coupon_id" defaultValue="" error={errors.coupon_id} disabled={templates === null}>
          <option value="">{templates === null ? 'Loading coupons…' : 'Choose…'}</option>
          {(templates ?? []).map((template) => (
            <option key={template.id} value={template.id}>
              {template.name} — {template.summary}
            </option>
          ))}
        </SelectField>
        <Field label="Reason" name="reason" autoComplete="off" maxLength={500} error={errors.reason} required />
        <Button type="submit" busy={busy} className="sm:mt-6">
          Grant
        </Button>
      </div>
      {templates !== null && templates.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">
          No coupon can be granted now.{' '}
          <Link to={`${OFFICE_PATH}/coupons`} className="underline underline-offset-4">
            Create one in Coupons
          </Link>
          .
        </p>
      ) : null}
      <div className="mt-2">
        <OutcomeLine outcome={outcome} />
      </div>
    </form>
  );
}
