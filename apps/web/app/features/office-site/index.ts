/**
 * The back office's site area: the shop's settings, home pages, help content, security, staff and
 * the audit trail. The routes import its pages from their own modules; no other feature uses it.
 */
export {};
