import type { FormEvent, ReactNode } from 'react';
import { useFocusOnOpen } from '../../components/office/focus-on-open';
import { Button } from '../../components/ui/button';
import { cx } from '../../lib/cx';

/**
 * A form that opens as a panel above a list (add or edit one of its items): its heading takes the
 * focus when it opens, its fields stand in a grid, and under them one line says why it was not
 * saved (the server's refusal, or that fields are marked) before its submit and Cancel buttons.
 */
export function PanelForm({
  titleId,
  title,
  note,
  grid = 'sm:grid-cols-2',
  busy,
  submit,
  errors,
  refusal,
  onSubmit,
  onCancel,
  children,
}: {
  titleId: string;
  title: string;
  /** a line under the heading */
  note?: ReactNode;
  /** the fields' grid columns */
  grid?: string;
  busy: boolean;
  submit: string;
  errors: Record<string, string>;
  refusal: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const heading = useFocusOnOpen();
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="rounded-lg border border-gray-900 bg-white p-4">
      <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {title}
      </h2>
      {note}
      <div className={cx('mt-3 grid gap-3', grid)}>{children}</div>
      {refusal ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {refusal}
        </p>
      ) : Object.keys(errors).length > 0 ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          Please correct the fields marked above.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {submit}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
