import { data } from 'react-router';
import { NotFound } from '../features/layout/not-found';

export function loader() {
  // spec 2: any other path is the not-found page, answered with HTTP 404.
  throw data(null, { status: 404 });
}

export const meta = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];

export default function NotFoundRoute() {
  return <NotFound />;
}
