import type { TAddress } from '@shop/contracts/address';
import { useCallback, useRef } from 'react';
import { AddressList } from '../address';

/**
 * The checkout's address step: the shopper's address book as a radio group (the default chosen
 * until another is picked; a new address can be added and is then chosen), or, for a shopper
 * without one, the address form straight away.
 */
export function CheckoutAddress({ selectedId, onSelect }: { selectedId: number | null; onSelect: (id: number | null) => void }) {
  const chosen = useRef(selectedId);
  chosen.current = selectedId;
  const select = useCallback((address: TAddress) => onSelect(address.id), [onSelect]);
  // the chosen address was deleted (or the book is empty now): nothing is chosen until the list picks again
  const changed = useCallback(
    (addresses: TAddress[]) => {
      if (chosen.current !== null && !addresses.some((address) => address.id === chosen.current)) onSelect(null);
    },
    [onSelect],
  );
  return <AddressList selectable selectedId={selectedId} onSelect={select} onChange={changed} />;
}
