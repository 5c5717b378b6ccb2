import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { DrawerHeader } from '../../components/ui/dialog';
import { focusRing } from '../../lib/cx';
import { FilterForm, type FilterFormProps } from './filters';
import { hasFilters, listingHref, withoutFilters } from './query';

/** The filters drawer below 1024 px (see FilterDrawer), loaded when it is first opened. */
export default function FilterDrawerDialog({
  open,
  onOpenChange,
  total,
  busy,
  form,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  total: number;
  busy: boolean;
  form: FilterFormProps;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[92vw] max-w-md flex-col bg-white shadow-2xl data-[state=open]:animate-drawer-in motion-reduce:animate-none">
          <DrawerHeader title="Filters" closeLabel="Close filters" />
          <Dialog.Description className="sr-only">Changes apply to the list straight away.</Dialog.Description>
          <div className="flex-1 overflow-y-auto px-4 py-6">
            <FilterForm {...form} />
          </div>
          <div className="flex shrink-0 items-center gap-3 border-t border-gray-200 px-4 py-3">
            {hasFilters(form.state) ? (
              <Link
                to={listingHref(form.path, withoutFilters(form.state), form.fixed)}
                preventScrollReset
                className={`min-h-11 content-center px-2 text-sm font-semibold text-gray-900 underline underline-offset-4 ${focusRing}`}
              >
                Clear all
              </Link>
            ) : null}
            <Dialog.Close
              className={`ml-auto inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-gray-900 px-6 text-sm font-semibold text-white hover:bg-gray-700 ${focusRing}`}
            >
              {busy ? 'Updating…' : `Show ${total} ${total === 1 ? 'product' : 'products'}`}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
