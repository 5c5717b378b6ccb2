import { isRouteErrorResponse } from 'react-router';
import { loadOrKeepSkeleton } from '../features/home/home-data';
import { loadSiteHome } from '../features/home/home-loader.server';
import { HomeUnavailable, HomeView } from '../features/home/home-page';
import { homeMeta } from '../features/home/home-seo';
import { NotFound } from '../features/layout/not-found';
import type { Route } from './+types/home';

/** `/`: the site home, from the `clothings` home configuration (spec 2 "Home page", spec 7 "Static"). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSiteHome(context, request);
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return loadOrKeepSkeleton(serverLoader);
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  homeMeta(loaderData, isRouteErrorResponse(error) ? error.status : undefined);

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <HomeUnavailable />;
}
