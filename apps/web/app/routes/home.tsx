import { data } from 'react-router';
import { CategoryLanding, categoryLandingData, landingMeta, loadTopCategories } from '../features/layout/category-landing';
import type { Route } from './+types/home';

/** `/`: the first top category's landing until the configured home page arrives (spec 2 "Home page"). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const categories = await loadTopCategories(context);
  const first = categories[0];
  if (!first) throw data(null, { status: 503 });
  return categoryLandingData(categories, first, new URL('/', request.url).href, true);
}

export const meta = ({ loaderData }: Route.MetaArgs) => landingMeta(loaderData?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  return <CategoryLanding category={loaderData.category} others={loaderData.others} />;
}
