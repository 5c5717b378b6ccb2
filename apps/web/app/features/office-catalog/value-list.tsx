import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { unique } from './product-draft';

/** One list of values (colours or sizes): each removable, a new one added by its field. */
export function ValueList({
  label,
  values,
  max,
  onChange,
  error,
}: {
  label: string;
  values: string[];
  max: number;
  onChange: (values: string[]) => void;
  error?: string;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const add = () => {
    const value = typed.trim();
    if (!value) return;
    onChange(unique([...values, value]));
    setTyped('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-medium text-gray-800">{label}</legend>
      <ul className="flex flex-wrap gap-2" aria-label={label}>
        {values.length === 0 ? <li className="text-sm text-gray-600">None yet.</li> : null}
        {values.map((value) => (
          <li
            key={value}
            className="flex items-center gap-1 rounded-full border border-gray-300 bg-gray-50 py-1 pr-1 pl-3 text-sm"
          >
            {value}
            <button
              type="button"
              onClick={() => onChange(values.filter((v) => v !== value))}
              aria-label={`Remove ${value}`}
              className="inline-flex size-8 items-center justify-center rounded-full text-gray-700 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-gray-900"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="flex items-end gap-2">
        <Field
          id={inputId}
          label={`Add to ${label.toLowerCase()}`}
          value={typed}
          maxLength={max}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKey}
          className="flex-1"
          error={error}
        />
        <Button variant="secondary" onClick={add}>
          Add
        </Button>
      </div>
    </fieldset>
  );
}
