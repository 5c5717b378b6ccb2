import { data } from 'react-router';
import { CategoryLanding, categoryLandingData, landingMeta, loadTopCategories } from '../features/layout/category-landing';
import { categoryHomeHref, categoryUrlFromPage } from '../features/layout/links';
import { useRememberTopCategory } from '../features/layout/use-categories';
import type { Route } from './+types/category-home';

/** `/home/{url}.html`: a top category's home page; anything else under /home is not found. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = categoryUrlFromPage(params.page);
  if (!url) throw data(null, { status: 404 });
  const categories = await loadTopCategories(context);
  const category = categories.find((top) => top.url === url);
  if (!category) throw data(null, { status: 404 });
  return categoryLandingData(categories, category, new URL(categoryHomeHref(category), request.url).href, false);
}

export const meta = ({ loaderData }: Route.MetaArgs) => landingMeta(loaderData?.seo);

export default function CategoryHome({ loaderData }: Route.ComponentProps) {
  // spec 4: the top-level category choice is remembered across visits
  useRememberTopCategory(loaderData.category.url);
  return <CategoryLanding category={loaderData.category} others={loaderData.others} />;
}
