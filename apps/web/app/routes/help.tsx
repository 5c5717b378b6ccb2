import { isRouteErrorResponse } from 'react-router';
import { HELP_CENTRE_KEY } from '../features/help/help-data';
import { HelpLayout, HelpTopicsGrid, HelpUnavailable } from '../features/help/help-layout';
import { loadHelpPage } from '../features/help/help-loader.server';
import { helpMeta } from '../features/help/help-seo';
import { NotFound } from '../features/layout/not-found';
import type { Route } from './+types/help';

/** /help: the help centre, its own text and every help page listed (spec 2 "Routes"). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadHelpPage(context, request, HELP_CENTRE_KEY);
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  helpMeta(loaderData, isRouteErrorResponse(error) ? error.status : undefined);

export default function HelpCentre({ loaderData }: Route.ComponentProps) {
  return (
    <HelpLayout page={loaderData}>
      <HelpTopicsGrid topics={loaderData.topics} />
    </HelpLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <HelpUnavailable />;
}
