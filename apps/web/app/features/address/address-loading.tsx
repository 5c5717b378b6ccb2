import { Skeleton } from '../../components/ui/skeleton';

/** What the address book shows while its addresses, its form or its dialogs load. */

/** The address cards' outline while the addresses load. */
export function AddressesLoading() {
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

/** Where an address form is about to appear: its fields' outline while its code loads. */
export function FormLoading() {
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
export function DialogLoading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-gray-950/40">
      <span role="status" className="sr-only">
        Loading…
      </span>
      <span className="size-8 animate-spin rounded-full border-4 border-gray-300 border-t-gray-900" aria-hidden />
    </div>
  );
}
