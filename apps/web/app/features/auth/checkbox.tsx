import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  children: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox with its label beside it and its error announced below. */
export function Checkbox({ children, error, id, ref, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-gray-900"
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-gray-800">
          {children}
        </label>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="pl-8 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
