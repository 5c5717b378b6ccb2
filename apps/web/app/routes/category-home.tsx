import { isRouteErrorResponse } from 'react-router';
import { loadOrKeepSkeleton } from '../features/home/home-data';
import { loadCategoryHome } from '../features/home/home-loader.server';
import { HomeUnavailable, HomeView } from '../features/home/home-page';
import { homeMeta } from '../features/home/home-seo';
import { categoryUrlFromPage } from '../features/layout/links';
import { NotFound } from '../features/layout/not-found';
import { useRememberTopCategory } from '../features/layout/use-categories';
import type { Route } from './+types/category-home';

/** `/home/{url}.html`: a top category's home page from its configuration; any other name is not found. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadCategoryHome(context, request, categoryUrlFromPage(params.page));
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadOrKeepSkeleton(serverLoader);
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  homeMeta(loaderData, isRouteErrorResponse(error) ? error.status : undefined);

export default function CategoryHome({ loaderData }: Route.ComponentProps) {
  // spec 4: the top-level category choice is remembered across visits
  useRememberTopCategory(loaderData.kind === 'ready' ? loaderData.category.url : null);
  return <HomeView data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <HomeUnavailable />;
}
