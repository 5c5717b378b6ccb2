import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { type Takeover, useTakeOverFocus } from '../../lib/load-on-intent';
import type { ConfirmActionProps } from './confirm-action';
import { primaryAction, secondaryAction } from './order-parts';

/**
 * The question of a ConfirmAction, an alert dialog: the focus starts on the safe answer, Escape says
 * no, and while the action runs the answer buttons wait for it. Loaded on the first intent to use
 * its button (confirm-action.tsx), which it then replaces.
 */
export function ConfirmDialog({
  label,
  title,
  description,
  confirmLabel,
  dismissLabel = 'Cancel',
  onConfirm,
  triggerClassName,
  initialOpen,
  focusTrigger,
}: ConfirmActionProps & Takeover) {
  const triggerRef = useTakeOverFocus(focusTrigger);
  const [open, setOpen] = useState(initialOpen);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      if (await onConfirm()) setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
      <AlertDialog.Trigger ref={triggerRef} className={triggerClassName ?? secondaryAction}>
        {label}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-gray-950/50 data-[state=open]:animate-fade-in motion-reduce:animate-none" />
        <AlertDialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl data-[state=open]:animate-fade-in motion-reduce:animate-none">
          <AlertDialog.Title className="text-lg font-semibold text-gray-950">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">{description}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={secondaryAction} disabled={busy}>
              {dismissLabel}
            </AlertDialog.Cancel>
            {/* not AlertDialog.Action, which would close the dialog before the answer arrives */}
            <button
              type="button"
              className={primaryAction}
              onClick={() => void confirm()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? (
                <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
              ) : null}
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
