import { isRouteErrorResponse } from 'react-router';
import { HelpLayout, HelpUnavailable } from '../features/help/help-layout';
import { helpKeyOfPath, loadHelpPage } from '../features/help/help-loader.server';
import { helpMeta } from '../features/help/help-seo';
import { NotFound } from '../features/layout/not-found';
import type { Route } from './+types/help.page';

/**
 * The help pages with a route of their own (spec 2 "Routes"): /help/AboutUs, /help/brandStory,
 * /help/projectTailorMade, /help/custom, /help/wholesale and /help/blog; the path names the key.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadHelpPage(context, request, helpKeyOfPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  helpMeta(loaderData, isRouteErrorResponse(error) ? error.status : undefined);

export default function HelpPage({ loaderData }: Route.ComponentProps) {
  return <HelpLayout page={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <HelpUnavailable />;
}
