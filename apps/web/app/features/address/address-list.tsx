import { CODE_OK } from '@shop/contracts';
import { ADDRESS_MAX_PER_SHOPPER, addressLines, type TAddress } from '@shop/contracts/address';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { AlertDialog, Dialog } from 'radix-ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { CloseIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { isCancelled } from '../../lib/api';
import { cx } from '../../lib/cx';
import { notify } from '../../lib/toast';
import { deleteAddress, fetchAddresses, setDefaultAddress } from './address-api';
import { AddressForm } from './address-form';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';
const actionButton = `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-gray-900 underline-offset-4 hover:underline disabled:cursor-wait disabled:text-gray-500 ${focusRing}`;

/** '+12025550143' → '+1 202 555 0143'. */
const displayPhone = (phone: string) => parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;

const fullName = (address: TAddress) => `${address.first_name} ${address.last_name}`.trim();

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
    return <AddressForm firstAddress onSaved={(address) => void saved(address)} submitLabel="Save and use this address" />;
  }

  const dialog = (
    <AddressDialog
      editing={editing}
      firstAddress={addresses.length === 0}
      onClose={() => setEditing(null)}
      onSaved={(address) => void saved(address)}
    />
  );

  if (addresses.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-16 text-center">
        <p ref={countRef} tabIndex={-1} className="text-lg font-medium text-gray-900 outline-none">
          You have no saved addresses yet
        </p>
        <p className="mt-2 text-sm text-gray-700">Save one now and checkout takes a moment.</p>
        <Button className="mt-6" onClick={() => setEditing('new')}>
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
        <span className="block text-sm text-gray-700">{displayPhone(address.phone)}</span>
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
          <button type="button" className={actionButton} onClick={() => setEditing(address)} disabled={busy}>
            Edit<span className="sr-only"> the address of {about}</span>
          </button>
          <button type="button" className={actionButton} onClick={() => setDeleting(address)} disabled={busy}>
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
        <Button variant="secondary" onClick={() => setEditing('new')} disabled={full}>
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
      <DeleteConfirm
        address={deleting}
        busy={deleting !== null && busyId === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={(address) => void remove(address)}
        returnFocus={() => countRef.current?.focus()}
      />
    </div>
  );
}

/** Add or edit in a dialog: full screen on a phone, centred from 640 px. */
function AddressDialog({
  editing,
  firstAddress,
  onClose,
  onSaved,
}: {
  editing: TAddress | 'new' | null;
  firstAddress: boolean;
  onClose: () => void;
  onSaved: (address: TAddress) => void;
}) {
  return (
    <Dialog.Root open={editing !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40 animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content
          // Escape first closes an open list of suggestions or countries, then the dialog
          onEscapeKeyDown={(event) => {
            const target = event.target as HTMLElement | null;
            if (target?.getAttribute?.('aria-expanded') === 'true') event.preventDefault();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-2xl outline-none animate-fade-in motion-reduce:animate-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100vh-2rem)] sm:w-[min(42rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl"
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b border-gray-200 px-4 sm:px-6">
            <Dialog.Title className="text-base font-semibold text-gray-950">
              {editing === 'new' ? 'Add a new address' : 'Edit address'}
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className={`-mr-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 ${focusRing}`}
            >
              <CloseIcon width={22} height={22} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            {editing === 'new' ? 'A new delivery address.' : 'Change this delivery address.'}
          </Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6">
            {editing !== null ? (
              <AddressForm
                initial={editing === 'new' ? undefined : editing}
                firstAddress={editing === 'new' && firstAddress}
                onSaved={onSaved}
                onCancel={onClose}
              />
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** 'Delete this address?' with Cancel and Delete; after a deletion the focus goes to the count of addresses. */
function DeleteConfirm({
  address,
  busy,
  onCancel,
  onConfirm,
  returnFocus,
}: {
  address: TAddress | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (address: TAddress) => void;
  returnFocus: () => void;
}) {
  const deleted = useRef(false);
  return (
    <AlertDialog.Root
      open={address !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-gray-950/50 animate-fade-in motion-reduce:animate-none" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            // the card and its Delete button are gone: the focus goes somewhere that stays
            if (deleted.current) {
              event.preventDefault();
              deleted.current = false;
              returnFocus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-[60] w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl outline-none animate-fade-in motion-reduce:animate-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-gray-950">Delete this address?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">
            {address ? `${fullName(address)}, ${addressLines(address).join(', ')}` : ''}
            {address?.is_default === 1 ? ' It is your default address: your newest other address becomes the default.' : ''}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button
              busy={busy}
              onClick={() => {
                if (!address) return;
                deleted.current = true;
                onConfirm(address);
              }}
            >
              Delete
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
