import { SHOP_NAME } from '@shop/contracts';
import { CategoryLanding, categoryLandingData, landingMeta, loadTopCategories } from '../features/layout/category-landing';
import type { Route } from './+types/home';

/** `/`: the first top category's landing until the configured home page arrives (spec 2 "Home page"). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const categories = await loadTopCategories(context);
  const first = categories[0];
  // A shop started without the demo catalogue has no categories yet: it says so instead of failing.
  if (!first) return { empty: true as const };
  return { empty: false as const, ...categoryLandingData(categories, first, new URL('/', request.url).href, true) };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData?.empty
    ? [{ title: SHOP_NAME }, { name: 'description', content: `${SHOP_NAME} opens soon.` }]
    : landingMeta(loaderData?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  if (loaderData.empty) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="font-serif text-4xl text-gray-900">{SHOP_NAME} opens soon</h1>
        <p className="mt-4 text-gray-700">Our first collection is on its way. Create an account now and be the first to know.</p>
      </section>
    );
  }
  return <CategoryLanding category={loaderData.category} others={loaderData.others} />;
}
