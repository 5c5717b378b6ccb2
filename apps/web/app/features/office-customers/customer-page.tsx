import { CustomerMessages, CustomerPaths } from '@shop/contracts/customer-rules';
import type { TAdminCustomerProfile } from '@shop/contracts/customers';
import { roleMay } from '@shop/contracts/permissions';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { day } from '../../components/office/date-time';
import { Button } from '../../components/ui/button';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { CustomerChats } from './customer-chats';
import { CustomerCoupons } from './customer-coupons';
import { CustomerNotes } from './customer-notes';
import { CustomerOrders } from './customer-orders';
import { CustomerPoints } from './customer-points';
import { CustomerReturns } from './customer-returns';
import { CUSTOMERS_PATH, fullName } from './customers-page';
import { EraseAccount } from './erase-account';
import { Fact, Part } from './profile-parts';

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

type Account = TAdminCustomerProfile['account'];

function BackLink() {
  return (
    <Link to={CUSTOMERS_PATH} className="text-sm text-gray-800 underline underline-offset-4 hover:text-gray-600">
      All customers
    </Link>
  );
}

/** The profile while it is not there: a number no customer has, loading, or failed with a retry. */
function ProfileNotLoaded({ status, retry }: { status: 'missing' | 'loading' | 'failed'; retry: () => void }) {
  if (status === 'missing') {
    return (
      <section className="rounded-lg border border-gray-200 bg-white p-6">
        <h1 className="text-xl font-semibold text-gray-900">Customer not found</h1>
        <p className="mt-2 text-sm text-gray-700">
          No customer has this number. <BackLink />
        </p>
      </section>
    );
  }
  if (status === 'loading') {
    return (
      <p className="rounded-lg border border-gray-200 bg-white px-4 py-8 text-center text-gray-600" role="status">
        Loading the customer…
      </p>
    );
  }
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

/** The profile's heading: the shopper's name and state, the erasure for roles holding it, and the menu of its parts. */
function ProfileHeader({ account, mayErase, onErased }: { account: Account; mayErase: boolean; onErased: () => void }) {
  const [notice, setNotice] = useState('');
  return (
    <header className="flex flex-col gap-2">
      <BackLink />
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
      {mayErase && account.status === 'active' ? (
        <div>
          <EraseAccount
            userId={account.id}
            email={account.email}
            onErased={() => {
              setNotice(CustomerMessages.erased);
              onErased();
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
  );
}

function AccountPart({ account }: { account: Account }) {
  return (
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
  );
}

function AddressesPart({ addresses }: { addresses: TAdminCustomerProfile['addresses'] }) {
  return (
    <Part id="customer-addresses" title="Addresses">
      {addresses.length === 0 ? (
        <p className="text-sm text-gray-600">No saved addresses.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {addresses.map((address, index) => (
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
  );
}

/** /office/customers/:id: one shopper's account, orders, points, coupons and addresses; a grant and an adjustment for the roles that hold them. */
export function CustomerPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'customers.view');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { load, reload, retry } = useLoad(allowed && valid ? `customer-${id}` : null, () =>
    staffApi.get<TAdminCustomerProfile>(CustomerPaths.profile.replace(':id', String(id)), { silent: true }),
  );

  if (!allowed) return <NotAllowed what="viewing customers" />;
  if (!valid) return <ProfileNotLoaded status="missing" retry={retry} />;
  if (load.status !== 'ready') return <ProfileNotLoaded status={load.status} retry={retry} />;

  const profile = load.value;
  const { account } = profile;
  return (
    <article aria-labelledby="customer-title" className="flex flex-col gap-6">
      <ProfileHeader account={account} mayErase={roleMay(staff.role, 'customers.erase')} onErased={reload} />
      <AccountPart account={account} />
      <CustomerOrders orders={profile.orders} email={account.email} />
      <CustomerPoints
        points={profile.points}
        userId={account.id}
        mayAdjust={roleMay(staff.role, 'points.adjust')}
        onAdjusted={reload}
      />
      <CustomerCoupons
        coupons={profile.coupons}
        userId={account.id}
        mayGrant={roleMay(staff.role, 'coupons.manage')}
        onGranted={reload}
      />
      <AddressesPart addresses={profile.addresses} />
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
