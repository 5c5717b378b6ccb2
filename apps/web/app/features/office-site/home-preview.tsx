import type { TAdminHomePage } from '@shop/contracts/site-admin';
import type { ComponentType } from 'react';
import type { HomePageData } from '../home';
import { type Layout, previewData } from './home-layout';

/** The storefront's home page, which the route hands in as the preview (features do not import each other's pages). */
export type HomePreviewPage = ComponentType<{ data: HomePageData }>;

/** The storefront's home page with the form's pictures and products: what shoppers will see once saved. */
export function HomePreview({ page, layout, Preview }: { page: TAdminHomePage; layout: Layout; Preview: HomePreviewPage }) {
  const data = previewData(page, layout, typeof window === 'undefined' ? '' : window.location.origin);
  return (
    <section aria-labelledby="home-preview-title" className="min-w-0 xl:sticky xl:top-4 xl:self-start">
      <h2 id="home-preview-title" className="text-lg font-semibold text-gray-900">
        Preview
      </h2>
      <p className="text-sm text-gray-700">The storefront’s page with what the form holds now (links are off here).</p>
      {/* inert: the storefront's links and buttons are for looking at here, not for following */}
      <div inert data-preview="" className="mt-2 max-h-[80vh] overflow-y-auto rounded-lg border border-gray-200 bg-white">
        {/* half size beside the form: the page as a wide screen shows it */}
        <div className="pb-8 xl:[zoom:0.5]">
          <Preview data={data} />
        </div>
      </div>
    </section>
  );
}
