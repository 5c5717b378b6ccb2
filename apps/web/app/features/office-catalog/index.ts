/**
 * The back office's catalogue area: products and their editor, categories, the CSV import and
 * export, and reviews. The routes import its pages from their own modules; no other feature uses it.
 */
export {};
