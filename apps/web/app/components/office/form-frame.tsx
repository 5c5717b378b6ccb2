import { createContext, type FormEvent, type ReactNode, useContext } from 'react';
import { cx } from '../../lib/cx';
import { Button } from '../ui/button';
import { Field, SelectField } from '../ui/field';
import type { FieldErrors } from './form-state';

/** A form's result in one line: saved (a status) or refused (an alert). */
export type Outcome = { ok: boolean; text: string } | null;

/** A form's result in one line, announced: green and polite when it worked, red and assertive when not. */
export function OutcomeLine({ outcome, className }: { outcome: Outcome; className?: string }) {
  if (!outcome) return null;
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      className={cx(outcome.ok ? 'text-sm text-green-800' : 'text-sm text-red-800', className)}
    >
      {outcome.text}
    </p>
  );
}

/** The messages beside the fields of the nearest `FormFrame`. */
const FrameErrors = createContext<FieldErrors>({});

/** The message the nearest `FormFrame` holds for a field, by the name the server gives it. */
export const useFieldError = (name: string): string | undefined => useContext(FrameErrors)[name];

type InputProps = Parameters<typeof Field>[0] & { name: string };
type SelectProps = Parameters<typeof SelectField>[0] & { name: string };

/** A `Field` inside a `FormFrame`: its error is the frame's message for its `name`. */
export function FrameField(props: InputProps) {
  const error = useFieldError(props.name);
  return <Field {...props} error={props.error ?? error} />;
}

/** A `SelectField` inside a `FormFrame`: its error is the frame's message for its `name`. */
export function FrameSelect(props: SelectProps) {
  const error = useFieldError(props.name);
  return <SelectField {...props} error={props.error ?? error} />;
}

const HEADINGS = {
  2: { Tag: 'h2', className: 'text-lg font-semibold text-gray-900' },
  3: { Tag: 'h3', className: 'font-semibold text-gray-900' },
} as const;

/**
 * A back-office form: its heading (which names it), its fields, a submit button that shows when
 * the request runs, and the form-level line for a refusal no field owns. Fields inside read their
 * messages from `errors` by name (`FrameField`, `FrameSelect`, or `useFieldError`), so the
 * server's per-field refusals (`fieldsOf`, `useFormState`) stand beside their fields.
 *
 * ```tsx
 * const form = useFormState();
 * <FormFrame title="Add a tracking event" titleId="tracking-title" level={3} onSubmit={onSubmit}
 *   busy={form.busy} errors={form.errors} problem={form.problem} submitLabel="Add event">
 *   <FrameField label="Location" name="location" />
 * </FormFrame>
 * ```
 */
export function FormFrame({
  title,
  titleId,
  level = 2,
  label,
  onSubmit,
  busy,
  submitLabel,
  problem,
  errors = {},
  actions,
  className,
  footerClassName = 'mt-3 flex flex-wrap items-center gap-3',
  children,
}: {
  /** the heading; the form is named by it (or by `label` when it has none) */
  title?: ReactNode;
  titleId?: string;
  level?: 2 | 3;
  label?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitLabel: ReactNode;
  /** the refusal no field owns, shown after the submit button */
  problem?: string | null;
  errors?: FieldErrors;
  /** more buttons beside the submit (a Cancel) */
  actions?: ReactNode;
  className?: string;
  footerClassName?: string;
  /** the fields; none for a form that only confirms */
  children?: ReactNode;
}) {
  const heading = HEADINGS[level];
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      className={className}
    >
      {title ? (
        <heading.Tag id={titleId} className={heading.className}>
          {title}
        </heading.Tag>
      ) : null}
      <FrameErrors.Provider value={errors}>{children}</FrameErrors.Provider>
      <div className={footerClassName}>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {actions}
        <OutcomeLine outcome={problem ? { ok: false, text: problem } : null} />
      </div>
    </form>
  );
}
