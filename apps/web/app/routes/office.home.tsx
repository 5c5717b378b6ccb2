import { Dashboard } from '../features/office/dashboard';

/** /office: the back office's dashboard. */
export default function OfficeHomeRoute() {
  return <Dashboard />;
}
