/**
 * The back office (decision 0037). Other features import nothing of it yet; the routes import its
 * pages from their own modules. What it offers the rest of the app: where it lives.
 */
export { OFFICE_LOGIN_PATH, OFFICE_PATH } from './areas';
