import type { TAddress } from '@shop/contracts/address';
import { ADDRESS_MAX_PER_SHOPPER } from '@shop/contracts/address-rules';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { AddressCard } from './address-card';
import { AddressesLoading, DialogLoading, FormLoading } from './address-loading';
import { useAddressBook } from './use-address-book';

// The form (its rules, the country list, the phone input and its metadata) and the dialogs load
// when the shopper first reaches for a button that opens one, or when a form is shown at once.
const loadDialogs = () => import('./address-dialogs');
const AddressDialog = lazy(() => loadDialogs().then((module) => ({ default: module.AddressDialog })));
const DeleteConfirm = lazy(() => loadDialogs().then((module) => ({ default: module.DeleteConfirm })));
const AddressForm = lazy(() => import('./address-form').then((module) => ({ default: module.AddressForm })));
const preloadDialogs = () => {
  loadDialogs().catch(() => undefined);
};

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
  const book = useAddressBook(onChange);
  const { status, addresses, deleting, busyId } = book;
  const [editing, setEditing] = useState<TAddress | 'new' | null>(null);
  const usedDialogs = useRef({ edit: false, delete: false });
  // where the focus goes once a deleted card is gone
  const countRef = useRef<HTMLParagraphElement>(null);
  const headingId = useId();
  const groupName = useId();

  // checkout: the default is chosen until the shopper picks another (or the chosen one is deleted)
  useEffect(() => {
    if (!selectable || status !== 'ready' || addresses.length === 0) return;
    if (addresses.some((address) => address.id === selectedId)) return;
    const fallback = addresses.find((address) => address.is_default === 1) ?? addresses[0];
    if (fallback) onSelect?.(fallback);
  }, [selectable, status, addresses, selectedId, onSelect]);

  const saved = async (address: TAddress) => {
    setEditing(null);
    await book.load(true);
    if (selectable) onSelect?.(address);
  };

  if (status === 'loading') return <AddressesLoading />;
  if (status === 'failed') {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-6">
        <p className="font-semibold text-red-900">We couldn’t load your addresses</p>
        <p className="mt-2 text-sm text-red-800">Check your connection and try again.</p>
        <Button className="mt-4" onClick={() => void book.load()}>
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

  const full = addresses.length >= ADDRESS_MAX_PER_SHOPPER;
  const cards = addresses.map((address) => (
    <AddressCard
      key={address.id}
      address={address}
      groupName={selectable ? groupName : undefined}
      chosen={selectable && address.id === selectedId}
      busy={busyId === address.id}
      onSelect={() => onSelect?.(address)}
      onEdit={() => setEditing(address)}
      onDelete={() => book.setDeleting(address)}
      onMakeDefault={() => void book.makeDefault(address)}
      onIntent={preloadDialogs}
    />
  ));

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
            onCancel={() => book.setDeleting(null)}
            onConfirm={(address) => void book.remove(address)}
            returnFocus={() => countRef.current?.focus()}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
