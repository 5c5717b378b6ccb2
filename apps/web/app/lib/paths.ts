/** spec 2 "Routes": the shopper's sign-in page, where signing out and an ended session lead. */
export const SIGN_IN_PATH = '/login';
