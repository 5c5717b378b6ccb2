import type { TAddress } from '@shop/contracts/address';
import { addressLines } from '@shop/contracts/address-rules';
import { AlertDialog, Dialog } from 'radix-ui';
import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import { DialogCloseButton } from '../../components/ui/dialog';
import { fullName } from './address-card';
import { AddressForm } from './address-form';

/**
 * The address book's dialogs: add or edit (with the form, its rules and the phone input) and the
 * delete confirmation. They are imported by address-list.tsx when the shopper first reaches for one
 * of its buttons, not with the page.
 */

/** Add or edit in a dialog: full screen on a phone, centred from 640 px. */
export function AddressDialog({
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
            <DialogCloseButton />
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
export function DeleteConfirm({
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
