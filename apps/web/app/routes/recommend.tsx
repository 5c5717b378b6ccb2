import { isRouteErrorResponse } from 'react-router';
import { HomeUnavailable } from '../features/home/home-page';
import { loadRecommendations } from '../features/home/recommend-loader.server';
import { RecommendPage, recommendMeta } from '../features/home/recommend-page';
import { NotFound } from '../features/layout/not-found';
import type { Route } from './+types/recommend';

/** /recommend/recommend (spec 2 "Routes"): the recommended products, ?page=N. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadRecommendations(context, request);
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  recommendMeta(loaderData, isRouteErrorResponse(error) ? error.status : undefined);

export default function Recommend({ loaderData }: Route.ComponentProps) {
  return <RecommendPage data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <HomeUnavailable />;
}
