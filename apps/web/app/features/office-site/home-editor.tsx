import { CODE_OK } from '@shop/contracts';
import type { TAdminHomePage } from '@shop/contracts/site-admin';
import { SiteAdminPaths } from '@shop/contracts/site-admin-rules';
import { type FormEvent, useEffect, useState } from 'react';
import { type Answer, failed, fieldsOf, issuesByPath } from '../../components/office/answers';
import { dateTime } from '../../components/office/date-time';
import { Button } from '../../components/ui/button';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { FeaturedPicker } from './featured-picker';
import { homeHref, type Layout, layoutOf, ROWS, saveRequest } from './home-layout';
import { HomePreview, type HomePreviewPage } from './home-preview';
import { TileRow } from './tile-row';

/**
 * Saving and resetting a home page: each answer either replaces the page (`set`) and says so, or
 * puts the server's refusals beside their fields (or in one line).
 */
function useHomeWrites(categoryId: number, set: (page: TAdminHomePage) => void, onSaved: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);

  const answered = (answer: Answer, done: string) => {
    if (answer.code === CODE_OK) {
      set(answer.result as TAdminHomePage);
      setNotice(done);
      onSaved();
      return;
    }
    const fields = fieldsOf(answer);
    setErrors(fields && Object.keys(fields).length ? fields : { form: answer.msg });
  };

  const save = async (request: ReturnType<typeof saveRequest>) => {
    setNotice(null);
    const { ZHomeSaveRequest } = await import('../../components/office/office-rules');
    const parsed = ZHomeSaveRequest.safeParse(request);
    if (!parsed.success) return setErrors(issuesByPath(parsed.error));
    setErrors({});
    setBusy('save');
    const answer: Answer = await staffApi.post(SiteAdminPaths.homeSave, parsed.data, { silent: true }).catch(failed);
    setBusy(null);
    answered(answer, 'Saved: the home page is live.');
  };

  const reset = async () => {
    setNotice(null);
    setErrors({});
    setBusy('reset');
    const answer: Answer = await staffApi
      .post(SiteAdminPaths.homeReset, { category_id: categoryId }, { silent: true })
      .catch(failed);
    setBusy(null);
    answered(answer, 'The home page is made from the catalogue again.');
  };

  return { errors, notice, busy, save, reset };
}

/** Every refusal of the last save, listed under the form. */
function ErrorSummary({ errors }: { errors: Record<string, string> }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">Not saved:</p>
      <ul className="mt-1 list-disc pl-5">
        {entries.map(([field, message]) => (
          <li key={field}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The page's form: its rows of pictures, its featured products, what the last write answered, and its buttons. */
function HomeForm({
  page,
  layout,
  automatic,
  writes,
  onSubmit,
  onLayout,
}: {
  page: TAdminHomePage;
  layout: Layout;
  automatic: boolean;
  writes: ReturnType<typeof useHomeWrites>;
  onSubmit: () => void;
  onLayout: (layout: Layout, automatic: boolean) => void;
}) {
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-label={`Edit the ${page.category.name} home page`}
      className="min-w-0"
    >
      <p className="text-sm text-gray-700">
        {page.custom && page.updated_at
          ? `Set by staff, last saved ${dateTime(page.updated_at)}.`
          : 'Made from the catalogue: saving keeps what you see here.'}
      </p>
      {ROWS.map((spec) => (
        <TileRow
          key={spec.row}
          spec={spec}
          tiles={layout[spec.row]}
          categories={page.categories}
          errors={writes.errors}
          onChange={(tiles) => onLayout({ ...layout, [spec.row]: tiles }, automatic)}
        />
      ))}
      <FeaturedPicker
        products={layout.featured}
        automatic={automatic}
        error={writes.errors.featured_goods_ids}
        onChange={(products, chosenAutomatic) => onLayout({ ...layout, featured: products }, chosenAutomatic)}
        onBestSellers={() => onLayout({ ...layout, featured: page.best_sellers }, true)}
      />
      <ErrorSummary errors={writes.errors} />
      {writes.notice ? (
        <p role="status" className="mt-4 text-sm text-green-800">
          {writes.notice}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" busy={writes.busy === 'save'} disabled={writes.busy !== null}>
          Save home page
        </Button>
        {page.custom ? (
          <Button variant="secondary" onClick={writes.reset} busy={writes.busy === 'reset'} disabled={writes.busy !== null}>
            Make it from the catalogue again
          </Button>
        ) : null}
        <a
          href={homeHref(page)}
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

/** One category's home page: its rows and featured products beside the storefront's page as the preview. */
export function HomeEditor({
  categoryId,
  onSaved,
  Preview,
}: {
  categoryId: number;
  onSaved: () => void;
  Preview: HomePreviewPage;
}) {
  const { load, retry, set } = useLoad(`home-${categoryId}`, () =>
    staffApi.get<TAdminHomePage>(SiteAdminPaths.home, { query: { category_id: categoryId }, silent: true }),
  );
  const [layout, setLayout] = useState<Layout | null>(null);
  const [featuredAutomatic, setFeaturedAutomatic] = useState(true);
  const writes = useHomeWrites(categoryId, set, onSaved);

  useEffect(() => {
    if (load.status !== 'ready') return;
    setLayout(layoutOf(load.value));
    setFeaturedAutomatic(load.value.featured_automatic);
  }, [load]);

  if (load.status === 'loading' || (load.status === 'ready' && !layout)) {
    return (
      <p className="mt-4 text-gray-600" role="status">
        Loading the page…
      </p>
    );
  }
  if (load.status !== 'ready' || !layout) {
    return (
      <div className="mt-4">
        <p role="alert" className="text-red-800">
          {load.status === 'missing' ? 'This category has no home page any more.' : 'The page could not be loaded.'}
        </p>
        <Button variant="secondary" onClick={retry} className="mt-2">
          Try again
        </Button>
      </div>
    );
  }
  const page = load.value;
  return (
    <div className="mt-4 grid gap-6 xl:grid-cols-2">
      <HomeForm
        page={page}
        layout={layout}
        automatic={featuredAutomatic}
        writes={writes}
        onSubmit={() => void writes.save(saveRequest(categoryId, layout, featuredAutomatic))}
        onLayout={(next, automatic) => {
          setLayout(next);
          setFeaturedAutomatic(automatic);
        }}
      />
      <HomePreview page={page} layout={layout} Preview={Preview} />
    </div>
  );
}
