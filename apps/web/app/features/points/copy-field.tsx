import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';

/**
 * A value to share with its Copy button: the clipboard when the browser allows it, otherwise the
 * value is selected for the shopper to copy. What happened is said in a live region.
 */
export function CopyField({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  const id = useId();
  const [said, setSaid] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(`${label} copied`);
    } catch {
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.select();
      setSaid('Selected: press Ctrl+C (⌘C) to copy');
    }
  };

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={`min-h-11 w-full min-w-0 rounded-md border border-gray-300 bg-gray-50 px-3 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-gray-900 ${mono ? 'font-mono tracking-widest' : ''}`}
        />
        <Button variant="secondary" onClick={() => void copy()} className="shrink-0" aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </Button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-xs text-gray-700">
        {said}
      </p>
    </div>
  );
}
