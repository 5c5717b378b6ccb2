/**
 * Custom, tailor-made and wholesale requests from the help pages (decision 0052): the forms with
 * their files, the staff's handling, and the files' own storage.
 */
export { createRequestAdmin } from './admin';
export { requestFileStorage } from './files';
export { eraseRequestsOf, requestsOf } from './personal-data';
export { requestRoutes } from './routes';
export { createRequestService } from './service';
