import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { focusRing } from '../../lib/cx';
import { CloseIcon } from './icons';

/** The cross in a dialog's or drawer's header; `label` names what it closes for a screen reader. */
export function DialogCloseButton({ label = 'Close' }: { label?: string }) {
  return (
    <Dialog.Close
      aria-label={label}
      className={`-mr-2 inline-flex size-11 items-center justify-center rounded-md text-gray-900 hover:bg-gray-100 ${focusRing}`}
    >
      <CloseIcon width={22} height={22} />
    </Dialog.Close>
  );
}

/**
 * A dialog of one short form: a sheet from the bottom on a phone, centred from 640 px, with its
 * title and the close button above what it holds. `trigger` is the button that opens it, if the
 * dialog has one of its own.
 */
export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-gray-950/40 animate-fade-in motion-reduce:animate-none" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[100dvh] overflow-y-auto rounded-t-xl bg-white p-5 shadow-2xl outline-none animate-fade-in motion-reduce:animate-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[min(28rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-gray-950">{title}</Dialog.Title>
            <DialogCloseButton />
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The header of a drawer from the side: its title in capitals and the close button. */
export function DrawerHeader({ title, closeLabel }: { title: string; closeLabel: string }) {
  return (
    <div className="flex h-16 shrink-0 items-center justify-between border-b border-gray-200 px-4">
      <Dialog.Title className="text-xs font-semibold uppercase tracking-[0.2em] text-gray-900">{title}</Dialog.Title>
      <DialogCloseButton label={closeLabel} />
    </div>
  );
}
