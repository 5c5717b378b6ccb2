/**
 * The feedback widget (decision 0035). Nothing here is for other features: the root mounts the
 * widget lazily from its own module (`feedback-widget.tsx`), once the page is idle.
 */
export {};
