import { roleMay } from '@shop/contracts/permissions';
import type { THomePageSummary } from '@shop/contracts/site-admin';
import { SiteAdminPaths } from '@shop/contracts/site-admin-rules';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { cx } from '../../lib/cx';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';
import { NotAllowed, useOfficeStaff } from '../office';
import { HomeEditor } from './home-editor';
import type { HomePreviewPage } from './home-preview';

export type { HomePreviewPage } from './home-preview';

/** The top categories, one button each, the one being edited marked, with whether staff have set its page. */
function CategoryTabs({
  pages,
  current,
  onChoose,
}: {
  pages: THomePageSummary[];
  current: number | null;
  onChoose: (id: number) => void;
}) {
  return (
    <nav aria-label="Top categories" className="mt-4">
      <ul className="flex gap-2 overflow-x-auto">
        {pages.map((page) => (
          <li key={page.id}>
            <button
              type="button"
              aria-current={page.id === current ? 'page' : undefined}
              onClick={() => onChoose(page.id)}
              className={cx(
                'flex min-h-11 flex-col items-start justify-center rounded-md px-3 text-left text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-gray-900',
                page.id === current ? 'bg-gray-900 text-white' : 'bg-white text-gray-800 hover:bg-gray-200',
              )}
            >
              <span className="font-semibold">{page.name}</span>
              <span className={cx('text-xs', page.id === current ? 'text-gray-200' : 'text-gray-600')}>
                {page.custom ? 'Set by staff' : 'From the catalogue'}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /office/home-pages: each top category's home page, edited with the storefront's page as preview (catalog.edit). */
export function HomePagesPage({ Preview }: { Preview: HomePreviewPage }) {
  const staff = useOfficeStaff();
  const allowed = roleMay(staff.role, 'catalog.edit');
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('category')) || null;
  const pages = useLoad(allowed ? 'home-pages' : null, () =>
    staffApi.get<{ data: THomePageSummary[]; total: number }>(SiteAdminPaths.homeList, { silent: true }),
  );
  const list = pages.load.status === 'ready' ? pages.load.value.data : [];
  const current = selected ?? list[0]?.id ?? null;

  if (!allowed) return <NotAllowed what="editing the home pages" />;
  return (
    <section aria-labelledby="home-pages-title">
      <h1 id="home-pages-title" className="text-2xl font-semibold text-gray-900">
        Home pages
      </h1>
      <p className="mt-1 text-sm text-gray-700">
        What each top category’s home page shows. A page you have not set is made from the catalogue (its best sellers and
        sub-categories). A saved page is live at once.
      </p>
      {pages.load.status === 'loading' ? (
        <p className="mt-4 text-sm text-gray-600" role="status">
          Loading the home pages…
        </p>
      ) : pages.load.status !== 'ready' ? (
        <div className="mt-4">
          <p role="alert" className="text-sm text-red-800">
            The home pages could not be loaded.
          </p>
          <Button variant="secondary" onClick={pages.retry} className="mt-2">
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="mt-4 rounded-lg border border-gray-200 bg-white p-6 text-gray-700">
          The catalogue has no top category yet, so there is no home page to set.
        </p>
      ) : (
        <>
          <CategoryTabs pages={list} current={current} onChoose={(id) => setParams({ category: String(id) })} />
          {current ? <HomeEditor key={current} categoryId={current} onSaved={pages.reload} Preview={Preview} /> : null}
        </>
      )}
    </section>
  );
}
