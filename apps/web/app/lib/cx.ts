/** Joins class names, skipping empty ones. */
export const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

/** The keyboard focus outline of the header's buttons and popovers. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900';
