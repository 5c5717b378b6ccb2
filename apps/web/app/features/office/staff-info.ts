import type { TStaffInfo } from '@shop/contracts/auth';
import { useOutletContext } from 'react-router';
import { useLoad } from '../../lib/use-load';
import { staffApi } from '../chat-console';

/** The signed-in staff member (GET /admin/info), asked for once the page runs in the browser with a token. */
export const useStaffInfo = (token: string | null) =>
  useLoad(token, () => staffApi.get<TStaffInfo>('/admin/info', { silent: true }));

/** The staff member the back office's frame signed in, for the pages inside it. */
export const useOfficeStaff = () => useOutletContext<{ staff: TStaffInfo }>().staff;
