import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from '../ui/icons';

/**
 * A dialog that holds a form (a refund, a cancellation, an erasure): its title, what it does and
 * the form. A sheet from the bottom on a phone, a centred box from `sm`. It cannot be closed while
 * `busy` (a request runs); Radix keeps the focus inside and gives it back to `trigger` on close.
 *
 * ```tsx
 * <ActionDialog open={open} onOpenChange={setOpen} busy={busy} title="Cancel the order"
 *   trigger={<Button variant="secondary">Cancel the order</Button>} description="The unpaid order is cancelled…">
 *   <form …>…</form>
 * </ActionDialog>
 * ```
 */
export function ActionDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  busy,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[100dvh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-2xl outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(30rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6">
          <div className="mb-3 flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-gray-950">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              disabled={busy}
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-gray-900"
            >
              <CloseIcon width={22} height={22} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mb-4 text-sm text-gray-700">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
