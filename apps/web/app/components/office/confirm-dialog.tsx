import { AlertDialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { Button } from '../ui/button';

/** The dim layer behind the office's dialogs. */
export const overlayClass = 'fixed inset-0 z-50 bg-gray-950/50 data-[state=open]:animate-fade-in motion-reduce:animate-none';
const boxClass =
  'fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[90vh] max-w-md -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl data-[state=open]:animate-fade-in motion-reduce:animate-none';

/**
 * A confirm dialog for a move that cannot be taken back: its button opens it, its title and
 * description name what will happen, and it stays open while the server answers, showing the
 * refusal inside it. `onConfirm` answers null when done (the dialog closes) or the refusal's text.
 * Radix's alert dialog keeps the focus inside, starts it on Cancel (the safe choice) and gives it
 * back to the opening button; Escape cancels, except while the request runs.
 *
 * ```tsx
 * <ConfirmDialog label="Refund" primary title="Refund $20.00?" description="$20.00 goes back to the card…"
 *   confirmLabel="Refund $20.00" onConfirm={() => act(ReturnPaths.adminRefund, { id })} />
 * ```
 */
export function ConfirmDialog({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
  primary,
}: {
  /** the text of the button that opens it */
  label: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<string | null>;
  /** more to choose before confirming (a reason) */
  children?: ReactNode;
  /** the opening button is the page's main action */
  primary?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    const refusal = await onConfirm();
    setBusy(false);
    if (refusal === null) setOpen(false);
    else setError(refusal);
  };
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setError(null);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant={primary ? 'primary' : 'secondary'}>{label}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={boxClass}>
          <AlertDialog.Title className="text-lg font-semibold text-gray-950">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-700">{description}</AlertDialog.Description>
          {children}
          {error ? (
            <p role="alert" className="mt-3 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* not AlertDialog.Action, which would close the dialog before the answer arrives */}
            <Button onClick={() => void confirm()} busy={busy}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
