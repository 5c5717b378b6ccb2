import type { ReactNode } from 'react';
import { onDemand, useLoadOnIntent } from '../../lib/load-on-intent';
import { secondaryAction } from './order-parts';

const dialog = onDemand(() => import('./confirm-dialog'));

export type ConfirmActionProps = {
  /** the button that opens the question */
  label: string;
  /** the question, and what happens when the shopper says yes */
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** the answer that changes nothing */
  dismissLabel?: string;
  /** runs the action; resolves true when it worked (the dialog then closes) */
  onConfirm: () => Promise<boolean>;
  triggerClassName?: string;
};

/**
 * A button whose action is asked about first (cancel an order, confirm its receipt). The question
 * (confirm-dialog.tsx, with the dialog primitives) loads on the first intent to use the button —
 * pointer over it, focus, a press — and a press made before it arrived opens it when it does.
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const { arrived, trigger } = useLoadOnIntent(dialog);
  if (arrived) {
    const { ConfirmDialog } = arrived.module;
    return <ConfirmDialog {...props} initialOpen={arrived.initialOpen} focusTrigger={arrived.focusTrigger} />;
  }
  return (
    <button {...trigger} aria-haspopup="dialog" className={props.triggerClassName ?? secondaryAction}>
      {props.label}
    </button>
  );
}
