/**
 * The newsletter sign-up (decision 0034): the footer's form and the floating widget, with the
 * 'Verify your email' dialog they open. What other features may import from this one: they reach
 * it only through this file. The root composes the form into the footer and mounts the floating
 * widget lazily from its own module.
 */
export { NewsletterForm } from './newsletter-form';
