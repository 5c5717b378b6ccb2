import { data } from 'react-router';
import { NotFound } from '../features/layout/not-found';

/**
 * An account page this shop does not have. It answers 404 but renders inside the account layout,
 * so that a guest on a guarded path is still sent to /login first (spec 6).
 */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];

export default function AccountPageNotFound() {
  return <NotFound />;
}
