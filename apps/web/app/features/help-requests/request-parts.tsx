import { HELP_REQUEST_LIMITS, type HelpRequestKind } from '@shop/contracts/help-requests-rules';
import { Field } from '../../components/ui/field';

/** The parts of the help request form around its description and files. */

export type ContactValues = { name: string; email: string; phone: string; company: string };

/** Name, e-mail, phone and, for wholesale, the company (whose e-mail address gets the code). */
export function ContactFields({
  kind,
  values,
  errors,
  onChange,
}: {
  kind: HelpRequestKind;
  values: ContactValues;
  errors: Record<string, string>;
  onChange: (field: keyof ContactValues, value: string) => void;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Field
        label="Your name"
        autoComplete="name"
        required
        maxLength={HELP_REQUEST_LIMITS.name}
        value={values.name}
        error={errors.name}
        onChange={(event) => onChange('name', event.target.value)}
      />
      <Field
        label={kind === 'wholesale' ? 'Company e-mail' : 'E-mail'}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        error={errors.email}
        onChange={(event) => onChange('email', event.target.value)}
      />
      <Field
        label="Phone (optional)"
        type="tel"
        autoComplete="tel"
        maxLength={HELP_REQUEST_LIMITS.phone}
        value={values.phone}
        error={errors.phone}
        onChange={(event) => onChange('phone', event.target.value)}
      />
      {kind === 'wholesale' ? (
        <Field
          label="Company"
          autoComplete="organization"
          required
          maxLength={HELP_REQUEST_LIMITS.company}
          value={values.company}
          error={errors.company}
          onChange={(event) => onChange('company', event.target.value)}
        />
      ) : null}
    </div>
  );
}

/** The request's description, with the server's message under it. */
export function DescriptionField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-description`} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={`${id}-description`}
        rows={6}
        required
        maxLength={HELP_REQUEST_LIMITS.description}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-description-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-md border border-gray-400 bg-white p-3 text-base text-gray-900 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900"
      />
      {error ? (
        <p id={`${id}-description-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The upload's progress while the request and its files go out. */
export function SendingProgress({ id, percent }: { id: string; percent: number }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-progress`} className="text-sm text-gray-800">
        Sending your request: {percent}%
      </label>
      <progress id={`${id}-progress`} max={100} value={percent} className="h-2 w-full accent-gray-900" />
    </div>
  );
}

/** What replaces the form once the request is in: its number and the server's message. */
export function RequestSent({ id, requestId, message }: { id: string; requestId: number; message: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 rounded-lg border border-green-700 bg-green-50 p-5">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
        Request #{requestId} sent
      </h2>
      <p role="status" className="mt-2 text-gray-800">
        {message}
      </p>
    </section>
  );
}
