import type { HelpRequestKind } from '@shop/contracts/help-requests-rules';
import { isRouteErrorResponse } from 'react-router';
import { HelpLayout, HelpUnavailable } from '../features/help/help-layout';
import { helpKeyOfPath, loadHelpPage } from '../features/help/help-loader.server';
import { helpMeta } from '../features/help/help-seo';
import { HelpRequestForm } from '../features/help-requests';
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

/** The pages that take a request: the help page's key and the request's kind (decision 0052). */
const REQUEST_KINDS: Partial<Record<string, HelpRequestKind>> = {
  custom: 'custom',
  project_tailor_made: 'tailor_made',
  wholesale: 'wholesale',
};

export default function HelpPage({ loaderData }: Route.ComponentProps) {
  const kind = REQUEST_KINDS[loaderData.key];
  return <HelpLayout page={loaderData}>{kind ? <HelpRequestForm key={kind} kind={kind} /> : null}</HelpLayout>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <HelpUnavailable />;
}
