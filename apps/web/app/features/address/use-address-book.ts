import { CODE_OK, type Envelope } from '@shop/contracts';
import type { TAddress } from '@shop/contracts/address';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../lib/api';
import { notify } from '../../lib/toast';
import { deleteAddress, fetchAddresses, setDefaultAddress } from './address-api';

type Book = { status: 'loading' | 'ready' | 'failed'; addresses: TAddress[] };

/**
 * The shopper's addresses from GET /shop/userAddress, loaded on mount and again after each
 * change, with setting a default and deleting (the card being changed is `busyId`). `onChange`
 * is told after every load.
 */
export function useAddressBook(onChange?: (addresses: TAddress[]) => void) {
  const [book, setBook] = useState<Book>({ status: 'loading', addresses: [] });
  const [busyId, setBusyId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TAddress | null>(null);
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

  /** Runs a change of one address; a success shows the server's message and loads the book again. */
  const change = async (address: TAddress, send: (id: number) => Promise<Envelope<unknown>>, done?: () => void) => {
    setBusyId(address.id);
    try {
      const envelope = await send(address.id);
      if (envelope.code === CODE_OK) {
        notify.success(envelope.msg);
        done?.();
        await load(true);
      }
    } catch {
      // the api client has told the shopper what went wrong
    } finally {
      setBusyId(null);
    }
  };

  return {
    ...book,
    load,
    busyId,
    deleting,
    setDeleting,
    makeDefault: (address: TAddress) => change(address, setDefaultAddress),
    remove: (address: TAddress) => change(address, deleteAddress, () => setDeleting(null)),
  };
}
