import {
  fileSizeLabel,
  HELP_REQUEST_FILE_ACCEPT,
  HELP_REQUEST_FILE_MAX_BYTES,
  HELP_REQUEST_FILES_MAX,
  HELP_REQUEST_LIMITS,
  type HelpRequestKind,
  HelpRequestMessages,
} from '@shop/contracts/help-requests-rules';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { CodeField, countdownAfter } from '../../components/ui/send-code-button';
import { useStoredUser } from '../../lib/session';
import { RequestRefused, sendCompanyCode, sendRequest } from './request-api';

const TITLES: Record<HelpRequestKind, { title: string; lead: string; describe: string }> = {
  custom: {
    title: 'Ask for a custom piece',
    lead: 'Tell us what you would like made or changed. Add pictures or PDFs of what you have in mind.',
    describe: 'What would you like? Colours, fabric, sizes, quantity, when you need it',
  },
  tailor_made: {
    title: 'Start a tailor-made project',
    lead: 'Describe your project and add your sketches, measurements or references.',
    describe: 'Your project: what, for whom, measurements, quantity, dates',
  },
  wholesale: {
    title: 'Buy wholesale',
    lead: 'Tell us about your company and what you would like to order. We send a code to your company e-mail address to confirm it.',
    describe: 'What you would like to order: products, quantities, how often, where to',
  },
};

/** The picture and PDF types the server takes, as the browser names them: a first check before the bytes are read. */
const ACCEPTED = new Set(HELP_REQUEST_FILE_ACCEPT.split(','));

type Phase = { state: 'editing' } | { state: 'sending'; share: number } | { state: 'sent'; id: number; message: string };

/** The request form under a help page: contact fields, description, files with an upload progress bar. */
export function HelpRequestForm({ kind }: { kind: HelpRequestKind }) {
  const user = useStoredUser();
  const id = useId();
  const text = TITLES[kind];
  // name and e-mail: the signed-in shopper's until typed over (null: not typed yet)
  const [typed, setTyped] = useState<{ name: string | null; email: string | null }>({ name: null, email: null });
  const [values, setValues] = useState({ phone: '', company: '', description: '', code: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [phase, setPhase] = useState<Phase>({ state: 'editing' });
  const picker = useRef<HTMLInputElement>(null);
  const email = typed.email ?? user?.email ?? '';
  const name = typed.name ?? (user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '');

  const set = (field: keyof typeof values | keyof typeof typed) => (value: string) => {
    if (field === 'name' || field === 'email') setTyped((now) => ({ ...now, [field]: value }));
    else setValues((now) => ({ ...now, [field]: value }));
    setErrors((now) => ({ ...now, [field]: '' }));
  };

  const addFiles = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    const refused = chosen.find((file) => !ACCEPTED.has(file.type))
      ? HelpRequestMessages.fileType
      : chosen.find((file) => file.size > HELP_REQUEST_FILE_MAX_BYTES)
        ? HelpRequestMessages.fileTooLarge
        : files.length + chosen.length > HELP_REQUEST_FILES_MAX
          ? HelpRequestMessages.tooManyFiles
          : '';
    setErrors((now) => ({ ...now, files: refused }));
    if (!refused) setFiles((now) => [...now, ...chosen]);
    if (picker.current) picker.current.value = '';
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase.state === 'sending') return;
    setProblem('');
    const fields: Record<string, string> = { name, email, phone: values.phone, description: values.description };
    if (kind === 'wholesale') Object.assign(fields, { company: values.company, code: values.code });
    else fields.kind = kind;
    setPhase({ state: 'sending', share: 0 });
    try {
      const sent = await sendRequest(kind, fields, files, (share) => setPhase({ state: 'sending', share }));
      setPhase({ state: 'sent', ...sent });
    } catch (error) {
      const refused = error instanceof RequestRefused ? error : new RequestRefused(String(error), {});
      setErrors(refused.fields);
      setProblem(refused.message);
      setPhase({ state: 'editing' });
    }
  };

  if (phase.state === 'sent') {
    return (
      <section aria-labelledby={`${id}-title`} className="mt-10 rounded-lg border border-green-700 bg-green-50 p-5">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
          Request #{phase.id} sent
        </h2>
        <p role="status" className="mt-2 text-gray-800">
          {phase.message}
        </p>
      </section>
    );
  }

  const sending = phase.state === 'sending';
  const percent = sending ? Math.round(phase.share * 100) : 0;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 rounded-lg border border-gray-200 p-4 md:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
        {text.title}
      </h2>
      <p className="mt-1 text-gray-700">{text.lead}</p>
      <form className="mt-5 flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label="Your name"
            autoComplete="name"
            required
            maxLength={HELP_REQUEST_LIMITS.name}
            value={name}
            error={errors.name}
            onChange={(event) => set('name')(event.target.value)}
          />
          <Field
            label={kind === 'wholesale' ? 'Company e-mail' : 'E-mail'}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={errors.email}
            onChange={(event) => set('email')(event.target.value)}
          />
          <Field
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            maxLength={HELP_REQUEST_LIMITS.phone}
            value={values.phone}
            error={errors.phone}
            onChange={(event) => set('phone')(event.target.value)}
          />
          {kind === 'wholesale' ? (
            <Field
              label="Company"
              autoComplete="organization"
              required
              maxLength={HELP_REQUEST_LIMITS.company}
              value={values.company}
              error={errors.company}
              onChange={(event) => set('company')(event.target.value)}
            />
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-description`} className="text-sm font-medium text-gray-800">
            {text.describe}
          </label>
          <textarea
            id={`${id}-description`}
            rows={6}
            required
            maxLength={HELP_REQUEST_LIMITS.description}
            value={values.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${id}-description-error` : undefined}
            onChange={(event) => set('description')(event.target.value)}
            className="w-full rounded-md border border-gray-400 bg-white p-3 text-base text-gray-900 focus:outline-2 focus:outline-offset-1 focus:outline-gray-900"
          />
          {errors.description ? (
            <p id={`${id}-description-error`} role="alert" className="text-sm text-red-700">
              {errors.description}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-files`} className="text-sm font-medium text-gray-800">
            Pictures or PDFs (optional, up to {HELP_REQUEST_FILES_MAX}, {fileSizeLabel(HELP_REQUEST_FILE_MAX_BYTES)} each)
          </label>
          <input
            ref={picker}
            id={`${id}-files`}
            type="file"
            multiple
            accept={HELP_REQUEST_FILE_ACCEPT}
            disabled={sending || files.length >= HELP_REQUEST_FILES_MAX}
            aria-describedby={errors.files ? `${id}-files-error` : undefined}
            onChange={(event) => addFiles(event.target.files)}
            className="min-h-11 max-w-full text-sm text-gray-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-gray-400 file:bg-white file:px-4 file:text-gray-900"
          />
          {errors.files ? (
            <p id={`${id}-files-error`} role="alert" className="text-sm text-red-700">
              {errors.files}
            </p>
          ) : null}
          {files.length > 0 ? (
            <ul aria-label="Attached files" className="flex flex-col gap-1">
              {files.map((file) => (
                <li
                  key={`${file.name}-${file.size}-${file.lastModified}`}
                  className="flex items-center justify-between gap-2 text-sm text-gray-800"
                >
                  <span className="min-w-0 truncate">
                    {file.name} <span className="text-gray-600">({fileSizeLabel(file.size)})</span>
                  </span>
                  <Button
                    variant="secondary"
                    disabled={sending}
                    aria-label={`Remove ${file.name}`}
                    onClick={() => setFiles((now) => now.filter((other) => other !== file))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {kind === 'wholesale' ? (
          <div className="max-w-md">
            <CodeField
              label="Code from the e-mail"
              value={values.code}
              error={errors.code}
              onChange={set('code')}
              onSend={async () => {
                if (!email.trim()) {
                  setErrors((now) => ({ ...now, email: 'Please enter your company e-mail address first' }));
                  return null;
                }
                return countdownAfter(await sendCompanyCode(email.trim()));
              }}
            />
          </div>
        ) : null}
        {sending ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-progress`} className="text-sm text-gray-800">
              Sending your request: {percent}%
            </label>
            <progress id={`${id}-progress`} max={100} value={percent} className="h-2 w-full accent-gray-900" />
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <div>
          <Button type="submit" busy={sending}>
            Send request
          </Button>
        </div>
      </form>
    </section>
  );
}
