import type { HelpRequestKind } from '@shop/contracts/help-requests-rules';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { CodeField, countdownAfter } from '../../components/ui/send-code-button';
import { useStoredUser } from '../../lib/session';
import { fileRefusal } from './file-rules';
import { RequestRefused, sendCompanyCode, sendRequest } from './request-api';
import { RequestFiles } from './request-files';
import { ContactFields, type ContactValues, DescriptionField, RequestSent, SendingProgress } from './request-parts';
import { TITLES } from './request-texts';

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
  const email = typed.email ?? user?.email ?? '';
  const name = typed.name ?? (user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '');

  const set = (field: keyof typeof values | keyof typeof typed) => (value: string) => {
    if (field === 'name' || field === 'email') setTyped((now) => ({ ...now, [field]: value }));
    else setValues((now) => ({ ...now, [field]: value }));
    setErrors((now) => ({ ...now, [field]: '' }));
  };

  const addFiles = (chosen: File[]) => {
    const refused = fileRefusal(chosen, files.length);
    setErrors((now) => ({ ...now, files: refused }));
    if (!refused) setFiles((now) => [...now, ...chosen]);
  };

  const sendCode = async () => {
    if (!email.trim()) {
      setErrors((now) => ({ ...now, email: 'Please enter your company e-mail address first' }));
      return null;
    }
    return countdownAfter(await sendCompanyCode(email.trim()));
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

  if (phase.state === 'sent') return <RequestSent id={id} requestId={phase.id} message={phase.message} />;

  const sending = phase.state === 'sending';
  const contact: ContactValues = { name, email, phone: values.phone, company: values.company };
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10 rounded-lg border border-gray-200 p-4 md:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-gray-900">
        {text.title}
      </h2>
      <p className="mt-1 text-gray-700">{text.lead}</p>
      <form className="mt-5 flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        <ContactFields kind={kind} values={contact} errors={errors} onChange={(field, value) => set(field)(value)} />
        <DescriptionField
          id={id}
          label={text.describe}
          value={values.description}
          error={errors.description}
          onChange={set('description')}
        />
        <RequestFiles
          id={id}
          files={files}
          onAdd={addFiles}
          onRemove={(file) => setFiles((now) => now.filter((other) => other !== file))}
          disabled={sending}
          error={errors.files}
        />
        {kind === 'wholesale' ? (
          <div className="max-w-md">
            <CodeField
              label="Code from the e-mail"
              value={values.code}
              error={errors.code}
              onChange={set('code')}
              onSend={sendCode}
            />
          </div>
        ) : null}
        {sending ? <SendingProgress id={id} percent={Math.round(phase.share * 100)} /> : null}
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
