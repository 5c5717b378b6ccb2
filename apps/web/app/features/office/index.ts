/**
 * The back office's shell (decision 0037): where it lives, the frame every page sits in, the
 * signed-in staff member and staff file downloads. The office's pages live in features by area
 * (office-orders, office-catalog, office-customers, office-support, office-site), on the office kit
 * in components/office; the routes import each page from its own module.
 */
export { OFFICE_LOGIN_PATH, OFFICE_PATH } from './areas';
export { downloadStaffFile } from './download';
export { NotAllowed } from './office-frame';
export { useOfficeStaff } from './staff-info';
