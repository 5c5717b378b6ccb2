import { CODE_OK } from '@shop/contracts';
import type { TAddress } from '@shop/contracts/address';
import { ADDRESS_MAX_PER_SHOPPER, addressLines } from '@shop/contracts/address-rules';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { PhoneNumber } from '../../components/ui/phone-number';
import { Skeleton } from '../../components/ui/skeleton';
import { isCancelled } from '../../lib/api';
import { cx } from '../../lib/cx';
import { notify } from '../../lib/toast';
import { deleteAddress, fetchAddresses, setDefaultAddress } from './address-api';

// The form (its rules, the country list, the phone input and its metadata) and the dialogs load
// when the shopper first reaches for a button that opens one, or when a form is shown at once.
const loadDialogs = () => import('./address-dialogs');
const AddressDialog = lazy(() => loadDialogs().then((module) => ({ default: module.AddressDialog })));
const DeleteConfirm = lazy(() => loadDialogs().then((module) => ({ default: module.DeleteConfirm })));
const AddressForm = lazy(() => import('./address-form').then((module) => ({ default: module.AddressForm })));
const preloadDialogs = () => {
  loadDialogs().catch(() => undefined);
};

export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';
const actionButton = `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-gray-900 underline-offset-4 hover:underline disabled:cursor-wait disabled:text-gray-500 ${focusRing}`;

export const fullName = (address: TAddress) => `${address.first_name} ${address.last_name}`.trim();

type Book = { status: 'loading' | 'ready' | 'failed'; addresses: TAddress[] };

export type AddressListProps = {
  /** checkout: the cards are a radio group and one is chosen */
  selectable?: boolean;
  selectedId?: number | null;
  onSelect?: (address: TAddress) => void;
  /** told after every load, with the shopper's addresses (the default first) */
  onChange?: (addresses: TAddress[]) => void;
};

/**
 * The shopper's address book (GET /shop/userAddress): a card per address with its default badge,
 * edit (in a dialog), delete (after a confirmation) and set as default. In selectable mode, for
 * checkout, the cards are a radio group: the default is chosen until the shopper picks another,
 * and a shopper without addresses gets the form straight away.
 */
export function AddressList({ selectable = false, selectedId = null, onSelect, onChange }: AddressListProps) {
  const [book, setBook] = useState<Book>({ status: 'loading', addresses: [] });
  const [editing, setEditing] = useState<TAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TAddress | null>(null);
  const usedDialogs = useRef({ edit: false, delete: false });
  const [busyId, setBusyId] = useState<number | null>(null);
  // where the focus goes once a deleted card is gone
  const countRef = useRef<HTMLParagraphElement>(null);
  const headingId = useId();
  const groupName = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const load = useCallback(async (quiet = false) => {
    if (!quiet) setBook((current) => ({ ...current, status: 'loading' }));
    try {
      const addresses = await fetchAddresses();
      setBook(addresses ? { status: 'ready', addresses } : { status: 'failed', addresses: [] });
      if (addresses) onChangeRef.current?.(addresses);
      return addresses;
    } catch (error) {
      if (!isCancelled(error)) setBook({ status: 'failed', addresses: [] });
      return null;
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // checkout: the default is chosen until the shopper picks another (or the chosen one is deleted)
  const { status, addresses } = book;
  useEffect(() => {
    if (!selectable || status !== 'ready' || addresses.length === 0) return;
    if (addresses.some((address) => address.id === selectedId)) return;
    const fallback = addresses.find((address) => address.is_default === 1) ?? addresses[0];
    if (fallback) onSelect?.(fallback);
  }, [selectable, status, addresses, selectedId, onSelect]);

  const saved = async (address: TAddress) => {
    setEditing(null);
    await load(true);
    if (selectable) onSelect?.(address);
  };

  const makeDefault = async (address: TAddress) => {
    setBusyId(address.id);
    try {
      const envelope = await setDefaultAddress(address.id);
      if (envelope.code === CODE_OK) {
        notify.success(envelope.msg);
        await load(true);
      }
    } catch {
      // the api client has told the shopper what went wrong
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (address: TAddress) => {
    setBusyId(address.id);
    try {
      const envelope = await deleteAddress(address.id);
      if (envelope.code === CODE_OK) {
        notify.success(envelope.msg);
        setDeleting(null);
        await load(true);
      }
    } catch {
      // the api client has told the shopper what went wrong
    } finally {
      setBusyId(null);
    }
  };

  const full = addresses.length >= ADDRESS_MAX_PER_SHOPPER;

  if (status === 'loading') {
    return (
      <div>
        <span role="status" className="sr-only">
          Loading your addresses
        </span>
        <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2">
          {[0, 1].map((card) => (
            <li key={card} className="flex flex-col gap-2 rounded-lg border border-gray-200 p-4">
              <Skeleton className="h-5 w-2/5" />
              <Skeleton className="h-4 w-4/5" />
              <Skeleton className="h-4 w-3/5" />
              <Skeleton className="h-4 w-1/3" />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (status === 'failed') {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-6">
        <p className="font-semibold text-red-900">We couldn’t load your addresses</p>
        <p className="mt-2 text-sm text-red-800">Check your connection and try again.</p>
        <Button className="mt-4" onClick={() => void load()}>
          Try again
        </Button>
      </div>
    );
  }

  if (addresses.length === 0 && selectable) {
    return (
      <Suspense fallback={<FormLoading />}>
        <AddressForm firstAddress onSaved={(address) => void saved(address)} submitLabel="Save and use this address" />
      </Suspense>
    );
  }

  // once opened, a dialog stays mounted, so that it closes (and gives the focus back) as it always has
  if (editing !== null) usedDialogs.current.edit = true;
  if (deleting !== null) usedDialogs.current.delete = true;
  const dialog = usedDialogs.current.edit ? (
    <Suspense fallback={editing === null ? null : <DialogLoading />}>
      <AddressDialog
        editing={editing}
        firstAddress={addresses.length === 0}
        onClose={() => setEditing(null)}
        onSaved={(address) => void saved(address)}
      />
    </Suspense>
  ) : null;

  if (addresses.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
        <p ref={countRef} tabIndex={-1} className="text-lg font-medium text-gray-900 outline-none">
          You have no saved addresses yet
        </p>
        <p className="mt-2 text-sm text-gray-700">Save one now and checkout takes a moment.</p>
        <Button className="mt-6" onClick={() => setEditing('new')} onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
          Add a new address
        </Button>
        {dialog}
      </div>
    );
  }

  const cards = addresses.map((address) => {
    const chosen = selectable && address.id === selectedId;
    const busy = busyId === address.id;
    const lines = addressLines(address);
    const about = `${fullName(address)}, ${address.address1}`;
    const details = (
      <>
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-gray-950">{fullName(address)}</span>
          {address.is_default === 1 ? (
            <span className="rounded-full bg-gray-900 px-2 py-0.5 text-xs font-semibold text-white">Default</span>
          ) : null}
        </span>
        {lines.map((line) => (
          <span key={line} className="block text-sm text-gray-800">
            {line}
          </span>
        ))}
        <span className="block text-sm text-gray-700">
          <PhoneNumber value={address.phone} />
        </span>
      </>
    );
    // a card is a list item, or in checkout one choice of the radio group
    const Card = selectable ? 'div' : 'li';
    return (
      <Card
        key={address.id}
        className={cx(
          'flex flex-col justify-between gap-3 rounded-lg border p-4',
          chosen ? 'border-gray-900 ring-1 ring-gray-900' : 'border-gray-200',
        )}
      >
        {selectable ? (
          <label className="flex cursor-pointer gap-3">
            <input
              type="radio"
              name={groupName}
              checked={chosen}
              onChange={() => onSelect?.(address)}
              className="mt-1 size-5 shrink-0 accent-gray-900"
            />
            <span className="flex min-w-0 flex-col gap-0.5">{details}</span>
          </label>
        ) : (
          <div className="flex min-w-0 flex-col gap-0.5">{details}</div>
        )}
        <div className="-ml-3 flex flex-wrap items-center">
          <button
            type="button"
            className={actionButton}
            onClick={() => setEditing(address)}
            onPointerEnter={preloadDialogs}
            onFocus={preloadDialogs}
            disabled={busy}
          >
            Edit<span className="sr-only"> the address of {about}</span>
          </button>
          <button
            type="button"
            className={actionButton}
            onClick={() => setDeleting(address)}
            onPointerEnter={preloadDialogs}
            onFocus={preloadDialogs}
            disabled={busy}
          >
            Delete<span className="sr-only"> the address of {about}</span>
          </button>
          {address.is_default === 1 ? null : (
            <button
              type="button"
              className={actionButton}
              onClick={() => void makeDefault(address)}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              Set as default<span className="sr-only"> the address of {about}</span>
            </button>
          )}
        </div>
      </Card>
    );
  });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p ref={countRef} id={headingId} tabIndex={-1} aria-live="polite" className="text-sm text-gray-700 outline-none">
          {addresses.length === 1 ? '1 saved address' : `${addresses.length} saved addresses`}
        </p>
        <Button
          variant="secondary"
          onClick={() => setEditing('new')}
          onPointerEnter={preloadDialogs}
          onFocus={preloadDialogs}
          disabled={full}
        >
          Add a new address
        </Button>
      </div>
      {full ? (
        <p className="text-sm text-gray-700">
          You have saved {ADDRESS_MAX_PER_SHOPPER} addresses, the most you can keep. Delete one to add another.
        </p>
      ) : null}
      {selectable ? (
        <div role="radiogroup" aria-label="Delivery address" className="grid gap-4 md:grid-cols-2">
          {cards}
        </div>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-4 md:grid-cols-2">
          {cards}
        </ul>
      )}
      {dialog}
      {usedDialogs.current.delete ? (
        <Suspense fallback={deleting === null ? null : <DialogLoading />}>
          <DeleteConfirm
            address={deleting}
            busy={deleting !== null && busyId === deleting.id}
            onCancel={() => setDeleting(null)}
            onConfirm={(address) => void remove(address)}
            returnFocus={() => countRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Where an address form is about to appear: its fields' outline while its code loads. */
function FormLoading() {
  return (
    <div className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        Loading the address form…
      </span>
      {[0, 1, 2, 3, 4, 5].map((field) => (
        <div key={field} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-11" />
        </div>
      ))}
    </div>
  );
}

/** A dialog asked for before its code arrived: the page dims and says it is on its way. */
function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-gray-950/40">
      <span role="status" className="sr-only">
        Loading…
      </span>
      <span className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-gray-900" aria-hidden />
    </div>
  );
}
