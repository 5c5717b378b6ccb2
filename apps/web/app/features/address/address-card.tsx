import type { TAddress } from '@shop/contracts/address';
import { addressLines } from '@shop/contracts/address-rules';
import { PhoneNumber } from '../../components/ui/phone-number';
import { cx, focusRing } from '../../lib/cx';

const actionButton = `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-gray-900 underline-offset-4 hover:underline disabled:cursor-wait disabled:text-gray-500 ${focusRing}`;

export const fullName = (address: TAddress) => `${address.first_name} ${address.last_name}`.trim();

/**
 * One address of the book: name, default badge, lines and phone, with Edit, Delete and Set as
 * default. In checkout (`groupName` given) it is one choice of the radio group, else a list item.
 */
export function AddressCard({
  address,
  groupName,
  chosen,
  busy,
  onSelect,
  onEdit,
  onDelete,
  onMakeDefault,
  onIntent,
}: {
  address: TAddress;
  groupName?: string;
  chosen: boolean;
  busy: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  /** the shopper reaches for a button that opens a dialog */
  onIntent: () => void;
}) {
  const about = `${fullName(address)}, ${address.address1}`;
  const Card = groupName ? 'div' : 'li';
  return (
    <Card
      className={cx(
        'flex flex-col justify-between gap-3 rounded-lg border p-4',
        chosen ? 'border-gray-900 ring-1 ring-gray-900' : 'border-gray-200',
      )}
    >
      {groupName ? (
        <label className="flex cursor-pointer gap-3">
          <input
            type="radio"
            name={groupName}
            checked={chosen}
            onChange={onSelect}
            className="mt-1 size-5 shrink-0 accent-gray-900"
          />
          <span className="flex min-w-0 flex-col gap-0.5">
            <AddressDetails address={address} />
          </span>
        </label>
      ) : (
        <div className="flex min-w-0 flex-col gap-0.5">
          <AddressDetails address={address} />
        </div>
      )}
      <div className="-ml-3 flex flex-wrap items-center">
        <button
          type="button"
          className={actionButton}
          onClick={onEdit}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          disabled={busy}
        >
          Edit<span className="sr-only"> the address of {about}</span>
        </button>
        <button
          type="button"
          className={actionButton}
          onClick={onDelete}
          onPointerEnter={onIntent}
          onFocus={onIntent}
          disabled={busy}
        >
          Delete<span className="sr-only"> the address of {about}</span>
        </button>
        {address.is_default === 1 ? null : (
          <button type="button" className={actionButton} onClick={onMakeDefault} disabled={busy} aria-busy={busy || undefined}>
            Set as default<span className="sr-only"> the address of {about}</span>
          </button>
        )}
      </div>
    </Card>
  );
}

/** The name with its default badge, the address lines and the phone. */
function AddressDetails({ address }: { address: TAddress }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-gray-950">{fullName(address)}</span>
        {address.is_default === 1 ? (
          <span className="rounded-full bg-gray-900 px-2 py-0.5 text-xs font-semibold text-white">Default</span>
        ) : null}
      </span>
      {addressLines(address).map((line) => (
        <span key={line} className="block text-sm text-gray-800">
          {line}
        </span>
      ))}
      <span className="block text-sm text-gray-700">
        <PhoneNumber value={address.phone} />
      </span>
    </>
  );
}
