import { CODE_OK } from '@shop/contracts';
import { roleMay } from '@shop/contracts/permissions';
import { helpPagePath, type THelpPage, type THelpPageSummary } from '@shop/contracts/site';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/office/load-state';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';

// The preview draws the Markdown exactly as the help center does; its code loads only when asked for.
const Markdown = lazy(() => import('../../components/markdown').then((module) => ({ default: module.Markdown })));

type Answer = { code: number; msg: string; result?: unknown };
const fieldsOf = (answer: Answer) => (answer.result as { fields?: Record<string, string> } | null | undefined)?.fields ?? {};

/** /office/content: the help center's pages, written in Markdown with a preview (content.edit). */
export function ContentPage() {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'content.edit');
  const [params, setParams] = useSearchParams();
  const selected = params.get('page');
  const pages = useLoad(allowed ? 'help-pages' : null, () =>
    staffApi.get<{ data: THelpPageSummary[]; total: number }>('/api/help/pages', { silent: true }),
  );

  if (!allowed) return <NotAllowed what="editing the shop's pages" />;
  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title" className="text-2xl font-semibold text-gray-900">
        Help pages
      </h1>
      <p className="mt-1 text-sm text-gray-700">
        The help center, the footer's pages and the legal texts, written in Markdown. A saved page is live at once.
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-[240px_1fr]">
        <nav aria-label="Help pages" className="min-w-0">
          {pages.load.status === 'loading' ? (
            <p className="text-sm text-gray-600">Loading the pages…</p>
          ) : pages.load.status !== 'ready' ? (
            <div>
              <p role="alert" className="text-sm text-red-800">
                The pages could not be loaded.
              </p>
              <Button variant="secondary" onClick={pages.retry} className="mt-2">
                Try again
              </Button>
            </div>
          ) : (
            <ul className="flex gap-1 overflow-x-auto lg:flex-col">
              {pages.load.value.data.map((page) => (
                <li key={page.key}>
                  <button
                    type="button"
                    aria-current={page.key === selected ? 'page' : undefined}
                    onClick={() => setParams({ page: page.key })}
                    className={cx(
                      'flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-gray-900',
                      page.key === selected ? 'bg-gray-900 font-semibold text-white' : 'text-gray-800 hover:bg-gray-200',
                    )}
                  >
                    {page.title}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div className="min-w-0">
          {selected ? (
            <PageEditor key={selected} pageKey={selected} onSaved={pages.reload} />
          ) : (
            <p className="rounded-lg border border-gray-200 bg-white p-6 text-gray-700">Choose a page to edit.</p>
          )}
        </div>
      </div>
    </section>
  );
}

function PageEditor({ pageKey, onSaved }: { pageKey: string; onSaved: () => void }) {
  const { load, retry } = useLoad(pageKey, () =>
    staffApi.get<THelpPage>('/api/help/page', { query: { key: pageKey }, silent: true }),
  );
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (load.status === 'ready') {
      setTitle(load.value.title);
      setBody(load.value.body_markdown);
    }
  }, [load]);

  if (load.status === 'loading') return <p className="text-gray-600">Loading the page…</p>;
  if (load.status !== 'ready') {
    return <LoadFailed text="The page could not be loaded." retry={retry} />;
  }
  const changed = title !== load.value.title || body !== load.value.body_markdown;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setSaved(null);
    const answer: Answer = await staffApi
      .put('/admin/help/page', { key: pageKey, title, body_markdown: body }, { silent: true })
      .catch((failure: unknown) => ({ code: 0, msg: failure instanceof Error ? failure.message : 'Not saved' }));
    setBusy(false);
    if (answer.code === CODE_OK) {
      setSaved('Saved: the page is live.');
      onSaved();
      retry();
    } else {
      const fields = fieldsOf(answer);
      setErrors(Object.keys(fields).length ? fields : { form: answer.msg });
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="rounded-lg border border-gray-200 bg-white p-4"
      aria-label="Edit the help page"
    >
      <Field label="Title" value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} />
      <div className="mt-4 flex gap-2" role="tablist" aria-label="Page text">
        {(['write', 'preview'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            onClick={() => setTab(name)}
            className={cx(
              'min-h-11 rounded-md px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-gray-900',
              tab === name ? 'bg-gray-900 text-white' : 'text-gray-800 hover:bg-gray-100',
            )}
          >
            {name === 'write' ? 'Write' : 'Preview'}
          </button>
        ))}
      </div>
      <div id="panel-write" role="tabpanel" aria-labelledby="tab-write" hidden={tab !== 'write'} className="mt-2">
        <label htmlFor="page-body" className="text-sm font-medium text-gray-800">
          Text (Markdown)
        </label>
        <textarea
          id="page-body"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          rows={20}
          aria-invalid={errors.body_markdown ? true : undefined}
          aria-describedby={errors.body_markdown ? 'page-body-error' : undefined}
          className="mt-1 w-full rounded-md border border-gray-300 p-3 font-mono text-sm focus:outline-2 focus:outline-gray-900"
        />
        {errors.body_markdown ? (
          <p id="page-body-error" className="text-sm text-red-800">
            {errors.body_markdown}
          </p>
        ) : null}
      </div>
      <div id="panel-preview" role="tabpanel" aria-labelledby="tab-preview" hidden={tab !== 'preview'} className="mt-2">
        {tab === 'preview' ? (
          <div className="rounded-md border border-gray-200 p-4" data-preview="">
            <h2 className="mb-3 text-2xl font-semibold text-gray-900">{title}</h2>
            <Suspense fallback={<p className="text-gray-600">Drawing the preview…</p>}>
              <Markdown origin={typeof window === 'undefined' ? undefined : window.location.origin}>{body}</Markdown>
            </Suspense>
          </div>
        ) : null}
      </div>
      {errors.form ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {errors.form}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="mt-3 text-sm text-green-800">
          {saved}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" busy={busy} disabled={!changed}>
          Save page
        </Button>
        <a
          href={helpPagePath({ key: pageKey, title: load.value.title })}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center text-sm text-gray-800 underline underline-offset-4"
        >
          Open the live page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </form>
  );
}
