import { useState } from 'react';
import { useFocusOnOpen } from '../../components/office/focus-on-open';
import { Button } from '../../components/ui/button';
import { save } from './support-editor';

/** Asks before a delete, naming what goes; the focus moves to the question. */
export function ConfirmDelete({
  what,
  path,
  id,
  onCancel,
  onDone,
}: {
  what: string;
  path: string;
  id: number;
  onCancel: () => void;
  onDone: () => void;
}) {
  const heading = useFocusOnOpen();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <section aria-labelledby="delete-title" className="rounded-lg border border-red-700 bg-white p-4">
      <h2 id="delete-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        Delete {what}?
      </h2>
      <p className="mt-1 text-sm text-gray-700">It is gone for every agent at once; this cannot be undone.</p>
      {refusal ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button
          busy={busy}
          onClick={async () => {
            setBusy(true);
            const problem = await save(path, { id });
            setBusy(false);
            if (problem) setRefusal(problem.refusal);
            else onDone();
          }}
        >
          Delete
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Keep it
        </Button>
      </div>
    </section>
  );
}
