import { isRouteErrorResponse } from 'react-router';
import { HelpLayout, HelpUnavailable } from '../features/help/help-layout';
import { helpContactKey, loadHelpPage } from '../features/help/help-loader.server';
import { helpMeta } from '../features/help/help-seo';
import { NotFound } from '../features/layout/not-found';
import type { Route } from './+types/help.contact';

/** /help/helpContact?key=…&title=…: the help page of `key` (spec 2 "Routes"); an unknown key is not found. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadHelpPage(context, request, helpContactKey(request));
}

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  helpMeta(loaderData, isRouteErrorResponse(error) ? error.status : undefined);

export default function HelpContact({ loaderData }: Route.ComponentProps) {
  return <HelpLayout page={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <HelpUnavailable />;
}
