/**
 * Staff accounts and roles, invitations, two-step sign-in and presence (decisions 0019, 0038).
 */
export { StaffChanges } from './changes';
export { staffRoutes } from './routes';
export { createStaffService, markStaffGone, setAgentStatus, touchStaffPresence } from './service';
